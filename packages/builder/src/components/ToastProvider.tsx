import { CircleAlert, CircleCheck } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { type Toast, type ToastAction, ToastContext } from '../use-toast.ts';

const SHOWN_MS = 5000;

/** Holds the toasts and renders them in one polite live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: string, tone: Toast['tone'] = 'ok', action?: ToastAction) => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-2), { id, message, tone, ...(action ? { action } : {}) }]);
      setTimeout(() => dismiss(id), action ? SHOWN_MS * 2 : SHOWN_MS);
    },
    [dismiss],
  );

  return (
    <ToastContext value={show}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.tone}`}>
            {toast.tone === 'ok' ? (
              <CircleCheck size={16} aria-hidden="true" />
            ) : (
              <CircleAlert size={16} aria-hidden="true" />
            )}
            <span className="min-w-0 break-words">{toast.message}</span>
            {toast.action ? (
              <button
                type="button"
                className="button button-small shrink-0 bg-on-ink text-ink"
                onClick={toast.action.onClick}
              >
                {toast.action.label}
              </button>
            ) : null}
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  );
}
