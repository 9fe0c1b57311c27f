import { useState } from 'react';
import { Check, Copy, ListChecks } from 'lucide-react';

export default function SummaryPanel(props) {
  const { summary, keywords, length, onLength, total } = props;
  const [copied, setCopied] = useState(false);

  function copy() {
    const text = summary.map((s) => '• ' + s).join('\n');
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1800);
  }

  return (
    <section aria-label="Summary" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <ListChecks className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
          Summary
        </h2>
        <button type="button" onClick={copy} disabled={summary.length === 0} className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40">
          {copied ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : <Copy className="h-3.5 w-3.5" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <label className="mt-3 flex items-center gap-3 text-sm text-slate-600">
        <span className="shrink-0">Key sentences</span>
        <input name="length" type="range" min="1" max="5" value={length} onChange={(e) => onLength(Number(e.target.value))} className="w-full accent-kiln-hue-600" />
        <span className="w-4 text-right font-semibold tabular-nums text-slate-900">{length}</span>
      </label>
      {summary.length > 0 ? (
        <ul className="mt-4 space-y-2.5" aria-label="Key sentences">
          {summary.map((s) => (
            <li key={s} className="flex gap-2.5 text-sm leading-relaxed text-slate-700">
              <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-kiln-hue-500" aria-hidden="true" />
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
            <span key={k} className="rounded-full bg-kiln-hue-50 px-2.5 py-1 text-xs font-medium text-kiln-hue-800">{k}</span>
          ))}
        </div>
      )}
    </section>
  );
}
