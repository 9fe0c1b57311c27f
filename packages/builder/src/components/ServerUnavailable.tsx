import { MESSAGES } from '@kiln/core';
import { CloudOff } from 'lucide-react';

/** The server could not be reached at all. */
export function ServerUnavailable({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <main className="centered-page">
      <div className="empty-state">
        <span className="empty-icon" aria-hidden="true">
          <CloudOff size={22} />
        </span>
        <h1>Kiln is not answering</h1>
        <p role="alert">{message ?? MESSAGES.somethingWentWrong}</p>
        <button type="button" className="button button-primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </main>
  );
}
