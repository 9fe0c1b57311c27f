import { useState } from 'react';
import { Check, Copy, MessageCircleHeart } from 'lucide-react';

const OPENERS = {
  hiking: 'Which trail should be on my list this month?',
  coffee: 'Settle this: the best coffee in town is…?',
  travel: 'Where was the last place that surprised you?',
  cooking: 'What is the dish you make to impress people?',
  climbing: 'Bouldering or ropes? Asking for a future date.',
  photography: 'Show me your favourite shot from this year?',
  books: 'What are you reading right now?',
  music: 'What song is stuck in your head today?',
};

export default function MatchCard(props) {
  const { profile, onUnmatch } = props;
  const opener = profile.interests.map((i) => OPENERS[i]).find(Boolean) || 'I loved your answer to "' + profile.prompt + '". Tell me more?';
  const [copied, setCopied] = useState(false);

  function copy() {
    const text = 'Hi ' + profile.name + '! ' + opener;
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }

  return (
    <li className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center gap-4 p-5">
        <img alt={profile.photo} className="h-16 w-16 rounded-2xl object-cover" />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{profile.name}, {profile.age}</h2>
          <p className="truncate text-sm text-slate-500">{profile.interests.join(' · ')}</p>
        </div>
      </div>
      <div className="border-t border-slate-100 bg-kiln-hue-50/50 p-5">
        <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-kiln-hue-700">
          <MessageCircleHeart className="h-4 w-4" aria-hidden="true" />
          Opener idea
        </p>
        <p className="mt-1 text-sm text-slate-700">Hi {profile.name}! {opener}</p>
        <div className="mt-4 flex gap-2">
          <button type="button" onClick={copy} className="inline-flex flex-1 items-center justify-center gap-1.5 rounded-xl bg-kiln-hue-500 px-3 py-2 text-sm font-semibold text-white hover:bg-kiln-hue-600">
            {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy opener'}
          </button>
          <button
            type="button"
            onClick={() => {
              if (window.confirm('Unmatch ' + profile.name + '?')) onUnmatch();
            }}
            className="rounded-xl px-3 py-2 text-sm font-medium text-slate-500 hover:bg-white hover:text-slate-800"
          >
            Unmatch
          </button>
        </div>
      </div>
    </li>
  );
}
