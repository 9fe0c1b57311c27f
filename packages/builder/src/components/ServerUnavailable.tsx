import { MESSAGES } from '@kiln/core';
import { CloudOff } from 'lucide-react';
import { Button } from './ui/button.tsx';

/** The server could not be reached at all. */
export function ServerUnavailable({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <main className="grid min-h-full place-items-center p-8">
      <div className="flex max-w-[420px] flex-col items-center gap-3 text-center text-text-2">
        <span
          className="grid size-12 place-items-center rounded-lg border border-border bg-surface text-accent-strong shadow-sm"
          aria-hidden="true"
        >
          <CloudOff size={22} />
        </span>
        <h1 className="mt-1 text-[24px]">Kiln is not answering</h1>
        <p role="alert">{message ?? MESSAGES.somethingWentWrong}</p>
        <Button type="button" variant="primary" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </main>
  );
}
