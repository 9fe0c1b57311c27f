import { useState } from 'react';
import { Check, Copy } from 'lucide-react';

export default function PhraseCard(props) {
  const { english, translation, topic } = props;
  const [copied, setCopied] = useState(false);

  function copy() {
    if (navigator.clipboard) navigator.clipboard.writeText(translation).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }

  return (
    <li className="flex flex-col justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-kiln-hue-700">{topic}</p>
        <p className="mt-1 text-lg font-semibold leading-snug text-slate-900">{translation}</p>
        <p className="text-sm text-slate-500">{english}</p>
      </div>
      <button type="button" onClick={copy} aria-label={'Copy ' + translation} className="inline-flex w-fit items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900">
        {copied ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : <Copy className="h-3.5 w-3.5" aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </button>
    </li>
  );
}
