import { useEffect, useState } from 'react';
import { Clock, Eraser, FileText, Mic, ShieldCheck, Wand2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ReadabilityCard from '@/components/ReadabilityCard';
import SummaryPanel from '@/components/SummaryPanel';
import ToneHints from '@/components/ToneHints';

const SAMPLE = kiln.sample;

const STOP_WORDS = new Set(
  'a about after again all also am an and any are as at be because been before being but by can could did do does doing for from had has have having he her here hers him his how i if in into is it its just me more most my no nor not of on once only or other our out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your'.split(' '),
);
const HEDGES = ['maybe', 'perhaps', 'i think', 'we think', 'sort of', 'kind of', 'somewhat', 'probably', 'just', 'really', 'very', 'quite', 'a bit'];
const POSITIVE = ['great', 'good', 'glad', 'happy', 'love', 'excellent', 'agreed', 'improved', 'success', 'shipped', 'easier', 'clear', 'saves', 'thanks', 'win', 'better'];
const NEGATIVE = ['slow', 'concern', 'problem', 'issue', 'blocked', 'bad', 'fail', 'failed', 'worse', 'missed', 'costing', 'bug', 'risk', 'late', 'doubled', 'skipped'];

function sentencesOf(text) {
  return (text.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]+["')\]]*|[^.!?]+$/g) || []).map((s) => s.trim()).filter((s) => /[A-Za-z0-9]/.test(s));
}

function wordsOf(text) {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’][a-z]+)?/g) || [];
}

function syllables(word) {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!w) return 0;
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  const groups = trimmed.match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups ? groups.length : 1);
}

function countPhrases(lower, list) {
  let n = 0;
  for (const phrase of list) n += (lower.match(new RegExp('\\b' + phrase + '\\b', 'g')) || []).length;
  return n;
}

/** Every number the panels show, from the text alone. */
function analyse(text, summaryLength) {
  const sentences = sentencesOf(text);
  const words = wordsOf(text);
  const lower = text.toLowerCase();
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim()).length;
  const syllableCount = words.reduce((sum, w) => sum + syllables(w), 0);
  const perSentence = sentences.length ? words.length / sentences.length : 0;
  const perWord = words.length ? syllableCount / words.length : 0;
  const ease = words.length ? Math.max(0, Math.min(100, 206.835 - 1.015 * perSentence - 84.6 * perWord)) : null;
  const grade = words.length ? Math.max(0, 0.39 * perSentence + 11.8 * perWord - 15.59) : null;

  const longSentences = sentences.filter((s) => wordsOf(s).length > 25);
  const passive = sentences.filter((s) => /\b(am|is|are|was|were|be|been|being)\s+(\w+ly\s+)?\w+(ed|en)\b/i.test(s));
  const adverbs = words.filter((w) => w.length > 4 && w.endsWith('ly') && !['only', 'early', 'family', 'reply', 'apply', 'supply', 'daily', 'likely'].includes(w));
  const hedges = countPhrases(lower, HEDGES);
  const exclamations = (text.match(/!/g) || []).length;
  const contractions = words.filter((w) => /['’]/.test(w)).length;
  const positive = words.filter((w) => POSITIVE.includes(w)).length;
  const negative = words.filter((w) => NEGATIVE.includes(w)).length;

  // Summary: score each sentence by how often the text uses its words, favouring the opening a little.
  const freq = {};
  for (const w of words) if (!STOP_WORDS.has(w) && w.length > 2) freq[w] = (freq[w] || 0) + 1;
  const ranked = sentences.map((s, i) => {
    const content = wordsOf(s).filter((w) => freq[w]);
    const score = content.length ? content.reduce((sum, w) => sum + freq[w], 0) / Math.sqrt(content.length) : 0;
    return { text: s, index: i, score: score * (i === 0 ? 1.15 : 1) };
  });
  const summary = ranked
    .slice()
    .sort((x, y) => y.score - x.score || x.index - y.index)
    .slice(0, Math.min(summaryLength, sentences.length))
    .sort((x, y) => x.index - y.index)
    .map((s) => s.text);
  const keywords = Object.entries(freq)
    .filter(([, n]) => n > 1)
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, 6)
    .map(([w]) => w);

  return {
    words: words.length,
    characters: text.length,
    sentences: sentences.length,
    paragraphs,
    readingMinutes: words.length / 238,
    speakingMinutes: words.length / 140,
    ease,
    grade,
    perSentence,
    longSentences,
    passive,
    adverbs,
    hedges,
    exclamations,
    mood: positive > negative + 1 ? 'Upbeat' : negative > positive + 1 ? 'Critical' : 'Neutral',
    formality: contractions > words.length / 40 ? 'Casual' : 'Formal',
    summary,
    keywords,
  };
}

function minutes(m) {
  if (m === 0) return '0 min';
  if (m < 1) return Math.max(1, Math.round(m * 60)) + ' sec';
  return Math.round(m) + ' min';
}

export default function HomePage() {
  const storageKey = 'kiln-slug.draft';
  const [text, setText] = useState(SAMPLE);
  const [summaryLength, setSummaryLength] = useState(3);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  useEffect(() => {
    try {
      const saved = window.localStorage.getItem(storageKey);
      if (saved !== null) setText(saved);
    } catch {
      // No storage: start from the sample.
    }
    setReady(true);
  }, []);

  useEffect(() => {
    if (!ready) return;
    try {
      window.localStorage.setItem(storageKey, text);
    } catch {
      // Storage can be full or disabled; the draft lasts for this visit.
    }
  }, [text, ready]);

  const result = analyse(text, summaryLength);
  const stats = [
    { label: 'Words', value: result.words.toLocaleString(), icon: FileText },
    { label: 'Sentences', value: result.sentences, icon: FileText },
    { label: 'Reading time', value: minutes(result.readingMinutes), icon: Clock },
    { label: 'Speaking time', value: minutes(result.speakingMinutes), icon: Mic },
  ];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
              <Wand2 className="h-7 w-7 text-kiln-hue-600" aria-hidden="true" />
              kiln-heading
            </h1>
            <p className="mt-1 text-sm text-slate-500">Paste text to get a summary, a readability score and tone hints as you type.</p>
          </div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
            <ShieldCheck className="h-3.5 w-3.5 text-kiln-hue-600" aria-hidden="true" />
            Runs offline in your browser · no AI model, your text stays here
          </p>
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_380px]">
          <section className="min-w-0 space-y-4">
            <div className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
              <label className="block">
                <span className="sr-only">Your text</span>
                <textarea
                  name="draft"
                  rows={9}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder="Paste meeting notes, an email or an article…"
                  className="block w-full resize-y border-0 bg-transparent p-5 text-[15px] leading-relaxed text-slate-800 placeholder:text-slate-400 focus:outline-none sm:min-h-[24rem] sm:p-6"
                />
              </label>
              <div className="flex items-center justify-between border-t border-slate-100 bg-slate-50/60 px-5 py-2.5 text-xs text-slate-500">
                <span>{result.characters.toLocaleString()} characters · {result.paragraphs} {result.paragraphs === 1 ? 'paragraph' : 'paragraphs'}</span>
                <span className="flex gap-3">
                  <button type="button" onClick={() => setText(SAMPLE)} className="font-medium hover:text-slate-900">
                    Load sample
                  </button>
                  <button type="button" onClick={() => setText('')} className="inline-flex items-center gap-1 font-medium hover:text-slate-900">
                    <Eraser className="h-3.5 w-3.5" aria-hidden="true" />
                    Clear
                  </button>
                </span>
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {stats.map((s) => (
                <div key={s.label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
                    <s.icon className="h-3.5 w-3.5" aria-hidden="true" />
                    {s.label}
                  </dt>
                  <dd className="mt-1 text-2xl font-bold tabular-nums tracking-tight">{s.value}</dd>
                </div>
              ))}
            </dl>
            <ToneHints result={result} />
          </section>
          <aside className="space-y-4">
            <SummaryPanel summary={result.summary} keywords={result.keywords} length={summaryLength} onLength={setSummaryLength} total={result.sentences} />
            <ReadabilityCard ease={result.ease} grade={result.grade} perSentence={result.perSentence} />
          </aside>
        </div>
      </main>
    </div>
  );
}
