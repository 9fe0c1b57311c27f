import { CheckCircle2, Lightbulb, XCircle } from 'lucide-react';

export default function QuestionCard(props) {
  const { quiz, question, index, chosen, onChoose } = props;
  const total = quiz.questions.length;
  const answered = chosen !== undefined;
  const letters = ['A', 'B', 'C', 'D'];

  return (
    <section className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8" aria-live="polite">
      <div className="flex items-center justify-between text-sm text-slate-500">
        <span>{quiz.title}</span>
        <span>Question {index + 1} of {total}</span>
      </div>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-kiln-hue-500 transition-all duration-500" style={{ width: ((index + (answered ? 1 : 0)) / total) * 100 + '%' }} />
      </div>
      <h1 className="mt-6 text-xl font-semibold sm:text-2xl">{question.q}</h1>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        {question.options.map((option, i) => {
          const isAnswer = i === question.answer;
          const isChosen = i === chosen;
          let style = 'border-slate-200 bg-white hover:border-kiln-hue-300 hover:bg-kiln-hue-50';
          if (answered && isAnswer) style = 'border-green-500 bg-green-50 text-green-900';
          else if (answered && isChosen) style = 'border-red-400 bg-red-50 text-red-900';
          else if (answered) style = 'border-slate-200 bg-white opacity-60';
          return (
            <button
              key={option}
              type="button"
              disabled={answered}
              onClick={() => onChoose(i)}
              className={'flex items-center gap-3 rounded-2xl border-2 px-4 py-3 text-left font-medium transition ' + style}
            >
              <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-sm font-semibold text-slate-600">{letters[i]}</span>
              <span className="flex-1">{option}</span>
              {answered && isAnswer && <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden="true" />}
              {answered && isChosen && !isAnswer && <XCircle className="h-5 w-5 text-red-500" aria-hidden="true" />}
            </button>
          );
        })}
      </div>
      {answered && (
        <div className={chosen === question.answer ? 'mt-5 rounded-2xl bg-green-50 p-4 text-sm text-green-900' : 'mt-5 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900'}>
          <p className="flex items-center gap-2 font-semibold">
            <Lightbulb className="h-4 w-4" aria-hidden="true" />
            {chosen === question.answer ? 'Correct!' : 'Not quite: it is ' + question.options[question.answer] + '.'}
          </p>
          <p className="mt-1">{question.why}</p>
        </div>
      )}
    </section>
  );
}
