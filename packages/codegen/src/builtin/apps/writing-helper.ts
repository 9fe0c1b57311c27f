/**
 * The builtin AI_TOOL: an offline writing helper. Paste or write text and see its numbers (words, sentences,
 * reading and speaking time), readability (Flesch reading ease and grade level), tone hints (long sentences,
 * passive voice, hedges, adverbs, exclamation marks, how formal and how upbeat it reads) and a summary made by
 * ranking sentences on the words the text uses most. It runs in the browser with no model and no network,
 * and says so; the draft is kept in localStorage.
 * @module
 */
import { jsString } from '../format.ts';
import {
  type AppContext,
  appHeader,
  type BuiltApp,
  component,
  documentTitleEffect,
  otherHue,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

const MEETING_SAMPLE = `Priya opened the weekly product meeting by reviewing the last sprint. The team shipped the new onboarding flow on Tuesday, and early numbers show sign-ups completing 18% more often. Marco raised a concern that checkout is still slow on older Android phones, which is costing us orders every day. After some discussion, the team agreed that checkout performance is the top priority for the next sprint.

Hana will profile the checkout page and share her findings by Thursday. Daniel mentioned that support tickets about password resets have doubled since the email provider changed. It was decided that Liam will contact the provider and set up a fallback. We really think the marketing launch should maybe move to the week after, just to be safe. The launch date will be confirmed on Friday once the checkout work is estimated. Everyone agreed the new dashboard looks great!`;

const DRAFT_SAMPLE = `Remote work has changed how small teams plan their week. Instead of long status meetings, many teams now write short updates that everyone can read when it suits them. Written updates are easier to search later, and they give quieter people the same voice as the loudest person in the room.

Writing well takes practice, though. Updates that are really long or very vague are often skipped, and important decisions can be missed. A good update says what changed, what is blocked and what happens next. It was found by one team that a three-line format cut their meeting time in half! Clear writing saves time for everyone who reads it.`;

/** Builds the writing helper. */
export function writingHelperApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const meeting = /\b(meeting|transcripts?|minutes|calls?)\b/i.test(ctx.prompt);
  const sample = meeting ? MEETING_SAMPLE : DRAFT_SAMPLE;

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { Clock, Eraser, FileText, Mic, ShieldCheck, Wand2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ReadabilityCard from '@/components/ReadabilityCard';
import SummaryPanel from '@/components/SummaryPanel';
import ToneHints from '@/components/ToneHints';

const SAMPLE = ${jsString(sample)};

const STOP_WORDS = new Set(
  'a about after again all also am an and any are as at be because been before being but by can could did do does doing for from had has have having he her here hers him his how i if in into is it its just me more most my no nor not of on once only or other our out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your'.split(' '),
);
const HEDGES = ['maybe', 'perhaps', 'i think', 'we think', 'sort of', 'kind of', 'somewhat', 'probably', 'just', 'really', 'very', 'quite', 'a bit'];
const POSITIVE = ['great', 'good', 'glad', 'happy', 'love', 'excellent', 'agreed', 'improved', 'success', 'shipped', 'easier', 'clear', 'saves', 'thanks', 'win', 'better'];
const NEGATIVE = ['slow', 'concern', 'problem', 'issue', 'blocked', 'bad', 'fail', 'failed', 'worse', 'missed', 'costing', 'bug', 'risk', 'late', 'doubled', 'skipped'];

function sentencesOf(text) {
  return (text.replace(/\\s+/g, ' ').match(/[^.!?]+[.!?]+["')\\]]*|[^.!?]+$/g) || []).map((s) => s.trim()).filter((s) => /[A-Za-z0-9]/.test(s));
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
  for (const phrase of list) n += (lower.match(new RegExp('\\\\b' + phrase + '\\\\b', 'g')) || []).length;
  return n;
}

/** Every number the panels show, from the text alone. */
function analyse(text, summaryLength) {
  const sentences = sentencesOf(text);
  const words = wordsOf(text);
  const lower = text.toLowerCase();
  const paragraphs = text.split(/\\n\\s*\\n/).filter((p) => p.trim()).length;
  const syllableCount = words.reduce((sum, w) => sum + syllables(w), 0);
  const perSentence = sentences.length ? words.length / sentences.length : 0;
  const perWord = words.length ? syllableCount / words.length : 0;
  const ease = words.length ? Math.max(0, Math.min(100, 206.835 - 1.015 * perSentence - 84.6 * perWord)) : null;
  const grade = words.length ? Math.max(0, 0.39 * perSentence + 11.8 * perWord - 15.59) : null;

  const longSentences = sentences.filter((s) => wordsOf(s).length > 25);
  const passive = sentences.filter((s) => /\\b(am|is|are|was|were|be|been|being)\\s+(\\w+ly\\s+)?\\w+(ed|en)\\b/i.test(s));
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
  const storageKey = ${jsString(`${slugKey(ctx.title)}.draft`)};
  const [text, setText] = useState(SAMPLE);
  const [summaryLength, setSummaryLength] = useState(3);
  const [ready, setReady] = useState(false);

${documentTitleEffect(ctx.title)}

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
              <Wand2 className="h-7 w-7 text-${a}-600" aria-hidden="true" />
              ${meeting ? 'Summarise and polish your meeting notes' : 'Make your writing clearer'}
            </h1>
            <p className="mt-1 text-sm text-slate-500">Paste text to get a summary, a readability score and tone hints as you type.</p>
          </div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
            <ShieldCheck className="h-3.5 w-3.5 text-${a}-600" aria-hidden="true" />
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
`,
  );

  const summaryPanel = component(
    'SummaryPanel',
    `
import { useState } from 'react';
import { Check, Copy, ListChecks } from 'lucide-react';

export default function SummaryPanel(props) {
  const { summary, keywords, length, onLength, total } = props;
  const [copied, setCopied] = useState(false);

  function copy() {
    const text = summary.map((s) => '• ' + s).join('\\n');
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1800);
  }

  return (
    <section aria-label="Summary" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <ListChecks className="h-5 w-5 text-${a}-600" aria-hidden="true" />
          Summary
        </h2>
        <button type="button" onClick={copy} disabled={summary.length === 0} className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40">
          {copied ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : <Copy className="h-3.5 w-3.5" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <label className="mt-3 flex items-center gap-3 text-sm text-slate-600">
        <span className="shrink-0">Key sentences</span>
        <input name="length" type="range" min="1" max="5" value={length} onChange={(e) => onLength(Number(e.target.value))} className="w-full accent-${a}-600" />
        <span className="w-4 text-right font-semibold tabular-nums text-slate-900">{length}</span>
      </label>
      {summary.length > 0 ? (
        <ul className="mt-4 space-y-2.5" aria-label="Key sentences">
          {summary.map((s) => (
            <li key={s} className="flex gap-2.5 text-sm leading-relaxed text-slate-700">
              <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-${a}-500" aria-hidden="true" />
              {s}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-400">Write a few sentences to see a summary.</p>
      )}
      {summary.length > 0 && total > summary.length && (
        <p className="mt-3 text-xs text-slate-400">{summary.length} of {total} sentences, chosen by the words the text uses most.</p>
      )}
      {keywords.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-1.5 border-t border-slate-100 pt-4">
          {keywords.map((k) => (
            <span key={k} className="rounded-full bg-${a}-50 px-2.5 py-1 text-xs font-medium text-${a}-800">{k}</span>
          ))}
        </div>
      )}
    </section>
  );
}
`,
  );

  const readability = component(
    'ReadabilityCard',
    `
import { Gauge } from 'lucide-react';

function band(ease) {
  if (ease >= 80) return { label: 'Very easy to read', note: 'Short sentences and everyday words.' };
  if (ease >= 60) return { label: 'Plain English', note: 'Easy for most adults to follow.' };
  if (ease >= 50) return { label: 'Fairly difficult', note: 'Try shorter sentences and simpler words.' };
  if (ease >= 30) return { label: 'Difficult', note: 'Reads like an academic paper.' };
  return { label: 'Very difficult', note: 'Split long sentences; prefer short words.' };
}

export default function ReadabilityCard(props) {
  const { ease, grade, perSentence } = props;
  const b = ease === null ? null : band(ease);

  return (
    <section aria-label="Readability" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="flex items-center gap-2 font-semibold">
        <Gauge className="h-5 w-5 text-${a}-600" aria-hidden="true" />
        Readability
      </h2>
      {b ? (
        <>
          <div className="mt-4 flex items-end gap-3">
            <p className="text-4xl font-bold tabular-nums tracking-tight" aria-label="Reading ease score">{Math.round(ease)}</p>
            <div className="pb-1">
              <p className="font-semibold text-slate-900">{b.label}</p>
              <p className="text-xs text-slate-500">Flesch reading ease, 0–100</p>
            </div>
          </div>
          <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-full rounded-full bg-gradient-to-r from-${a}-400 to-${a}-600" style={{ width: Math.round(ease) + '%' }} />
          </div>
          <p className="mt-3 text-sm text-slate-600">{b.note}</p>
          <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4 text-sm">
            <div>
              <dt className="text-slate-500">Grade level</dt>
              <dd className="font-semibold">{grade.toFixed(1)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Words per sentence</dt>
              <dd className="font-semibold">{perSentence.toFixed(1)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="mt-4 text-sm text-slate-400">No text yet.</p>
      )}
    </section>
  );
}
`,
  );

  const tone = component(
    'ToneHints',
    `
import { AlertTriangle, CheckCircle2, MessageSquareText } from 'lucide-react';

export default function ToneHints(props) {
  const { result } = props;
  const hints = [];
  if (result.longSentences.length > 0) {
    hints.push({
      title: result.longSentences.length + (result.longSentences.length === 1 ? ' long sentence' : ' long sentences'),
      text: 'Over 25 words. Try splitting: "' + result.longSentences[0].slice(0, 90) + (result.longSentences[0].length > 90 ? '…"' : '"'),
    });
  }
  if (result.passive.length > 0) {
    hints.push({
      title: 'Passive voice in ' + result.passive.length + (result.passive.length === 1 ? ' sentence' : ' sentences'),
      text: 'Say who does what: "' + result.passive[0].slice(0, 90) + (result.passive[0].length > 90 ? '…"' : '"'),
    });
  }
  if (result.hedges > 0) {
    hints.push({
      title: result.hedges + (result.hedges === 1 ? ' hedge word' : ' hedge words'),
      text: 'Words like "maybe", "just" and "really" soften your point. Cut the ones you do not need.',
    });
  }
  if (result.adverbs.length > 2) {
    hints.push({
      title: result.adverbs.length + ' adverbs',
      text: 'A stronger verb often beats an adverb: ' + Array.from(new Set(result.adverbs)).slice(0, 4).join(', ') + '.',
    });
  }
  if (result.exclamations > 1) {
    hints.push({ title: result.exclamations + ' exclamation marks', text: 'One is plenty; more can read as shouting.' });
  }

  return (
    <section aria-label="Tone" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <MessageSquareText className="h-5 w-5 text-${a}-600" aria-hidden="true" />
          Tone hints
        </h2>
        {result.words > 0 && (
          <p className="flex gap-1.5 text-xs">
            <span className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">Mood: {result.mood}</span>
            <span className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">Style: {result.formality}</span>
          </p>
        )}
      </div>
      {hints.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {hints.map((h) => (
            <li key={h.title} className="flex gap-3 py-3">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-500" aria-hidden="true" />
              <div>
                <p className="text-sm font-semibold text-slate-900">{h.title}</p>
                <p className="text-sm text-slate-600">{h.text}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <CheckCircle2 className="h-4 w-4 text-${a}-600" aria-hidden="true" />
          {result.words > 0 ? 'Clear and direct. Nothing to flag.' : 'Hints appear as you write.'}
        </p>
      )}
    </section>
  );
}
`,
  );

  return {
    modules: [
      home,
      appHeader(ctx, { icon: 'Sparkles', links: [{ href: '/', label: 'Write' }], maxWidth: 'max-w-6xl' }),
      summaryPanel,
      readability,
      tone,
    ],
    plan: [
      `Build "${ctx.title}", an offline writing helper${meeting ? ' for meeting notes' : ''}.`,
      '- No model, no network, no database: every result is computed in the browser from the text, and the page says so.',
      '- Page `/`: a text editor with a sample, counts (words, sentences, reading and speaking time), a summary from ranked sentences with a length slider and key terms, a readability card (Flesch reading ease, grade level) and tone hints (long sentences, passive voice, hedges, adverbs, exclamation marks, mood and formality).',
      `- Components: AppHeader, SummaryPanel, ReadabilityCard, ToneHints. The draft is kept in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: paste ${meeting ? 'a meeting transcript or notes' : 'any text'} and get a summary of its key sentences (choose how many), key terms, a readability score with grade level, and tone hints such as long sentences, passive voice and hedge words, updated as you type. Word count, reading time and speaking time sit under the editor.`,
      '',
      'It works offline without a language model: the summary ranks sentences by the words the text uses most, and the scores are standard formulas. Your draft stays in the browser.',
    ].join('\n'),
    choices: [`make it ${otherHue(ctx.accent, 'teal', 'violet')}`, 'add sign-in', 'add a page called About'],
  };
}
