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
          <MessageSquareText className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
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
          <CheckCircle2 className="h-4 w-4 text-kiln-hue-600" aria-hidden="true" />
          {result.words > 0 ? 'Clear and direct. Nothing to flag.' : 'Hints appear as you write.'}
        </p>
      )}
    </section>
  );
}
