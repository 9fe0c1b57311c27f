import { ArrowRight, FlaskConical, Globe, HelpCircle, Rocket, Trophy } from 'lucide-react';

const ICONS = { Rocket, Globe, FlaskConical };

export default function QuizCard(props) {
  const { quiz, best, onStart } = props;
  const Icon = ICONS[quiz.icon] || HelpCircle;
  return (
    <article className="group flex flex-col rounded-3xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-kiln-hue-200 hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-kiln-hue-100 text-kiln-hue-700">
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">{quiz.level}</span>
      </div>
      <h2 className="mt-4 text-lg font-semibold">{quiz.title}</h2>
      <p className="mt-1 flex-1 text-sm text-slate-600">{quiz.blurb}</p>
      <div className="mt-4 flex items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1 text-xs text-slate-500">
          <Trophy className="h-3.5 w-3.5" aria-hidden="true" />
          {best ? 'Best: ' + best.score + '/' + best.total + ' by ' + best.player : quiz.questions.length + ' questions'}
        </span>
        <button
          type="button"
          onClick={onStart}
          aria-label={'Start ' + quiz.title}
          className="inline-flex items-center gap-1.5 rounded-xl bg-kiln-hue-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-kiln-hue-700"
        >
          Start
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </article>
  );
}
