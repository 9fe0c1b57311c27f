import { CircleAlert, CircleCheck } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { type Toast, type ToastAction, ToastContext } from '../use-toast.ts';
import { Button } from './ui/button.tsx';

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
      <div
        className="pointer-events-none fixed bottom-5 left-1/2 z-100 flex -translate-x-1/2 flex-col items-center gap-2"
        role="status"
        aria-live="polite"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={cn(
              'pointer-events-auto flex max-w-[min(520px,calc(100vw-32px))] animate-[toast-in_180ms_ease] items-center gap-2.5 rounded-md bg-ink py-2.5 pr-2.5 pl-3.5 text-[13px] text-on-ink shadow-lg',
              toast.tone === 'ok' ? '[&>svg]:text-toast-ok' : '[&>svg]:text-toast-error',
            )}
          >
            {toast.tone === 'ok' ? (
              <CircleCheck size={16} aria-hidden="true" />
            ) : (
              <CircleAlert size={16} aria-hidden="true" />
            )}
            <span className="min-w-0 break-words">{toast.message}</span>
            {toast.action ? (
              <Button
                type="button"
                size="sm"
                className="shrink-0 bg-on-ink text-ink"
                onClick={toast.action.onClick}
              >
                {toast.action.label}
              </Button>
            ) : null}
            <button
              type="button"
              className="cursor-pointer border-0 bg-transparent text-[18px] leading-none text-on-ink-muted hover:text-on-ink"
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
