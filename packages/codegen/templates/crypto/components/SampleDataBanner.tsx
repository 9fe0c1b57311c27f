import { Info } from 'lucide-react';

export default function SampleDataBanner() {
  return (
    <p role="note" className="flex items-start gap-2 rounded-2xl border border-kiln-hue-200 bg-kiln-hue-50 px-4 py-3 text-sm text-kiln-hue-900">
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-kiln-hue-600" aria-hidden="true" />
      <span><strong className="font-semibold">Sample prices, not live market data:</strong> this app works offline, so prices are a fixed snapshot for trying it out.</span>
    </p>
  );
}
