import { Star } from 'lucide-react';

export default function SurveyQuestion(props) {
  const { number, question, value, invalid, onChange } = props;
  const box = invalid
    ? 'rounded-2xl bg-white p-5 shadow-sm ring-2 ring-red-300 sm:p-6'
    : 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

  function toggle(option) {
    const current = Array.isArray(value) ? value : [];
    onChange(current.includes(option) ? current.filter((o) => o !== option) : [...current, option]);
  }

  return (
    <fieldset id={'q-' + question.id} className={box}>
      <legend className="sr-only">{question.label}</legend>
      <p className="font-medium text-slate-900">
        <span className="mr-2 text-kiln-hue-600">{number}.</span>
        {question.label}
        {question.required && <span className="ml-1 text-red-500">*</span>}
      </p>

      {question.type === 'rating' && (
        <div className="mt-4 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input type="radio" name={question.id} value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" />
              <Star
                className={value >= n ? 'h-9 w-9 fill-amber-400 text-amber-400 transition' : 'h-9 w-9 text-slate-300 transition hover:text-amber-300'}
                aria-hidden="true"
              />
              <span className="sr-only">{n} stars</span>
            </label>
          ))}
        </div>
      )}

      {question.type === 'nps' && (
        <div className="mt-4">
          <div className="grid grid-cols-6 gap-1.5 sm:grid-cols-11">
            {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => (
              <label key={n} className="cursor-pointer">
                <input type="radio" name={question.id} value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" />
                <span className="flex h-10 items-center justify-center rounded-lg text-sm font-semibold text-slate-600 ring-1 ring-slate-200 transition hover:bg-slate-50 peer-checked:bg-kiln-hue-600 peer-checked:text-white peer-checked:ring-kiln-hue-600 peer-focus-visible:ring-2">
                  {n}
                </span>
              </label>
            ))}
          </div>
          <div className="mt-2 flex justify-between text-xs text-slate-400">
            <span>Not likely</span>
            <span>Very likely</span>
          </div>
        </div>
      )}

      {question.type === 'choice' && (
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          {question.options.map((option) => (
            <label key={option} className="cursor-pointer">
              <input type="radio" name={question.id} value={option} checked={value === option} onChange={() => onChange(option)} className="peer sr-only" />
              <span className="block rounded-xl px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200 transition hover:bg-slate-50 peer-checked:bg-kiln-hue-50 peer-checked:font-medium peer-checked:text-kiln-hue-800 peer-checked:ring-2 peer-checked:ring-kiln-hue-500">
                {option}
              </span>
            </label>
          ))}
        </div>
      )}

      {question.type === 'multi' && (
        <div className="mt-4 flex flex-wrap gap-2">
          {question.options.map((option) => {
            const on = Array.isArray(value) && value.includes(option);
            return (
              <label key={option} className="cursor-pointer">
                <input type="checkbox" name={question.id} value={option} checked={on} onChange={() => toggle(option)} className="sr-only" />
                <span className={on ? 'block rounded-full bg-kiln-hue-600 px-4 py-2 text-sm font-medium text-white' : 'block rounded-full px-4 py-2 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}>
                  {option}
                </span>
              </label>
            );
          })}
        </div>
      )}

      {question.type === 'text' && (
        <textarea
          name={question.id}
          rows={4}
          value={value || ''}
          onChange={(e) => onChange(e.target.value)}
          placeholder="Type your answer"
          className="mt-4 w-full rounded-xl border border-slate-200 px-4 py-3 text-slate-900 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
        />
      )}

      {question.type === 'email' && (
        <input
          name={question.id}
          type="email"
          value={value || ''}
          onChange={(e) => onChange(e.target.value)}
          placeholder="you@example.com"
          className="mt-4 w-full rounded-xl border border-slate-200 px-4 py-3 text-slate-900 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
        />
      )}

      {invalid && <p className="mt-3 text-sm font-medium text-red-600">Please answer this question.</p>}
    </fieldset>
  );
}
