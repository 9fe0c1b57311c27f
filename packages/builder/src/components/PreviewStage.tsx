import { Sparkles } from 'lucide-react';
import { type Ref, useRef } from 'react';
import { DEVICES, type Device } from '../devices.ts';
import { cn } from '../lib/cn.ts';
import { useElementSize } from '../use-element-size.ts';

/** A note over the iframe: nothing to preview yet, or the runtime still starting. */
const OVERLAY =
  'absolute inset-0 flex flex-col items-center justify-center gap-3 bg-overlay text-[14px] text-text-2 [&>svg]:text-accent';

import { Spinner } from './Spinner.tsx';

/**
 * The preview iframe at the chosen device width, or the stage's width when the stage is narrower.
 * Deliberately not scaled with a CSS transform: pointer coordinates inside a transformed iframe are
 * unreliable for browser automation (playwright#18245) and blur text; the app's own responsive layout
 * handles the narrower width instead.
 */
export function PreviewStage({
  iframe,
  previewUrl,
  device,
  empty,
  generating,
  painted,
  reloads = 0,
}: {
  iframe: Ref<HTMLIFrameElement>;
  previewUrl: string;
  device: Device;
  empty: boolean;
  generating: boolean;
  /** False until the runtime has rendered (or failed to render) anything. */
  painted: boolean;
  /** Bumped by Reload: the iframe is made anew (the runtime starts afresh; the client follows it). */
  reloads?: number;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const size = useElementSize(stage);
  const { width: deviceWidth, height: deviceHeight } = DEVICES[device];
  const frame = device === 'desktop' ? 0 : 12; // the device bezel (2 × 6 px border)
  const measured = size.width > 0;
  const width = Math.min(deviceWidth, size.width - frame);
  const available = Math.max(size.height - frame, 320);
  const height = deviceHeight ? Math.min(deviceHeight, available) : available;

  return (
    <div className="m-4 flex min-h-0 flex-1 items-start justify-center overflow-hidden" ref={stage}>
      <div
        className={cn(
          'relative flex-none overflow-hidden bg-white shadow-lg data-measured:transition-[width] data-measured:duration-200 data-measured:ease-[ease]',
          device === 'desktop'
            ? 'rounded-[12px] border border-border-strong'
            : 'box-content border-6 border-ink',
          device === 'mobile' && 'rounded-[30px]',
          device === 'tablet' && 'rounded-[22px]',
        )}
        // Until the stage is measured, fill it (no animated jump from a guessed size).
        style={measured ? { width, height } : { width: '100%', height: '100%' }}
        data-measured={measured || undefined}
      >
        <iframe
          key={reloads}
          ref={iframe}
          title="Preview"
          src={previewUrl}
          // Generated apps may ask for the location and the camera (expo-location, expo-camera): the browser
          // still asks the person, naming the builder.
          allow="clipboard-write; geolocation; camera; microphone"
          className="block size-full border-0 bg-white"
        />
        {empty ? (
          <div className={OVERLAY}>
            {generating ? <Spinner size={22} /> : <Sparkles size={22} aria-hidden="true" />}
            <p>{generating ? 'Kiln is building your app…' : 'Nothing to preview yet.'}</p>
          </div>
        ) : !painted ? (
          <div
            className={cn(
              OVERLAY,
              'pointer-events-none animate-[fade-in_300ms_ease_200ms_both] bg-overlay-strong',
            )}
          >
            <Spinner size={20} />
            <p>Starting preview…</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
