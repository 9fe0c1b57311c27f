import { useState } from 'react';
import { ChevronDown } from 'lucide-react';

export default function FaqItem(props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white">
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900"
      >
        {props.question}
        <ChevronDown className={open ? 'h-5 w-5 shrink-0 rotate-180 text-kiln-hue-600 transition' : 'h-5 w-5 shrink-0 text-slate-400 transition'} aria-hidden="true" />
      </button>
      {open && <p className="px-5 pb-5 text-slate-600">{props.answer}</p>}
    </div>
  );
}
