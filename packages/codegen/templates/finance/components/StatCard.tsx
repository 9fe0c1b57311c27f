import { ArrowDownRight, ArrowUpRight, Wallet } from 'lucide-react';

const ICONS = { wallet: Wallet, in: ArrowUpRight, out: ArrowDownRight };
const TONES = {
  accent: 'bg-kiln-hue-600 text-white border-transparent',
  negative: 'bg-red-600 text-white border-transparent',
  positive: 'bg-white text-slate-900 border-slate-200',
  neutral: 'bg-white text-slate-900 border-slate-200',
};

export default function StatCard(props) {
  const { label, value, hint, tone, icon } = props;
  const Icon = ICONS[icon] || Wallet;
  const solid = tone === 'accent' || tone === 'negative';
  return (
    <div className={'rounded-3xl border p-5 shadow-sm ' + TONES[tone]}>
      <div className={solid ? 'flex items-center justify-between text-sm text-white/80' : 'flex items-center justify-between text-sm text-slate-500'}>
        {label}
        <span className={solid ? 'rounded-full bg-white/15 p-1.5' : tone === 'positive' ? 'rounded-full bg-green-50 p-1.5 text-green-600' : 'rounded-full bg-slate-100 p-1.5 text-slate-600'}>
          <Icon className="h-4 w-4" aria-hidden="true" />
        </span>
      </div>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated figure is read out with its label. */}
      <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums" aria-label={label + ' ' + value}>{value}</p>
      <p className={solid ? 'mt-1 text-sm text-white/80' : 'mt-1 text-sm text-slate-500'}>{hint}</p>
    </div>
  );
}
