import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { reportReachable, useConnection } from '../connection.ts';
import { Spinner } from './Spinner.tsx';

/**
 * A calm note at the bottom of the screen while the network or the server is away. Nothing to click:
 * every screen catches up by itself when the connection returns.
 */
export function ConnectionIndicator() {
  const connection = useConnection();
  // While the server is away, knock every few seconds so the note goes even on a screen that asks nothing.
  useEffect(() => {
    if (connection !== 'unreachable') return;
    const timer = setInterval(() => {
      fetch('/healthz', { cache: 'no-store' })
        .then((r) => reportReachable(r.ok))
        .catch(() => {});
    }, 3000);
    return () => clearInterval(timer);
  }, [connection]);
  return (
    <div className="pointer-events-none fixed bottom-4 left-4 z-50" role="status" aria-live="polite">
      {connection === 'online' ? null : (
        <span className="flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1.5 text-[13px] text-text-2 shadow-md">
          {connection === 'offline' ? <WifiOff size={14} aria-hidden="true" /> : <Spinner size={13} />}
          {connection === 'offline' ? 'Offline. Reconnecting when the network is back…' : 'Reconnecting…'}
        </span>
      )}
    </div>
  );
}
