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
        <Gauge className="h-5 w-5 text-kiln-hue-600" aria-hidden="true" />
        Readability
      </h2>
      {b ? (
        <>
          <div className="mt-4 flex items-end gap-3">
            {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated score paragraph carries an aria-label. */}
            <p className="text-4xl font-bold tabular-nums tracking-tight" aria-label="Reading ease score">{Math.round(ease)}</p>
            <div className="pb-1">
              <p className="font-semibold text-slate-900">{b.label}</p>
              <p className="text-xs text-slate-500">Flesch reading ease, 0–100</p>
            </div>
          </div>
          <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-full rounded-full bg-gradient-to-r from-kiln-hue-400 to-kiln-hue-600" style={{ width: Math.round(ease) + '%' }} />
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
