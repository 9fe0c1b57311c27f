/**
 * @module The verification card under a revision's answer (issue 22): whether Kiln's walk of the changed pages
 * in a headless browser passed, each step with ok or why not, screenshots (thumbnails that open larger in a
 * dialog), console errors and failed requests. Collapsed when it passed; open when it failed.
 */
import { CircleAlert, CircleCheck, CircleMinus, Monitor, Smartphone } from 'lucide-react';
import { useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import type { Verification } from '../queries.ts';
import { Dialog } from './Dialog.tsx';

type Step = Verification['steps'][number];

const HEADINGS: Record<string, string> = {
  PASSED: 'Checked in the browser: everything worked',
  FAILED: 'Checked in the browser: something failed',
  SKIPPED: 'Not checked in the browser',
};

/** The report of one revision's walk; see the module comment. */
export function VerificationReport({ report }: { report: Verification }) {
  const [shown, setShown] = useState<Step | null>(null);
  // The thumbnail that opened the dialog gets focus back when it closes (keyboard users stay in place).
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setShown(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const failed = report.steps.filter((s) => !s.ok).length;
  const shots = report.steps.filter((s) => s.screenshotUrl);
  const Icon =
    report.status === 'PASSED' ? CircleCheck : report.status === 'FAILED' ? CircleAlert : CircleMinus;
  const summary =
    report.status === 'SKIPPED'
      ? (report.note ?? '')
      : `${report.steps.length} steps${failed ? `, ${failed} failed` : ''} · ${(report.durationMs / 1000).toFixed(1)} s`;
  return (
    <section
      className={cn(
        'verification mt-2 flex flex-col gap-1.5 rounded-sm border bg-surface px-2.5 py-2 text-[12.5px]',
        report.status === 'FAILED' ? 'border-error' : 'border-border',
      )}
      aria-label="Verification in the browser"
    >
      <details open={report.status === 'FAILED'}>
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-1.5 [&::-webkit-details-marker]:hidden">
          <Icon
            size={14}
            aria-hidden="true"
            className={
              report.status === 'PASSED'
                ? 'text-ok'
                : report.status === 'FAILED'
                  ? 'text-error'
                  : 'text-muted'
            }
          />
          <span className="font-[550] text-ink">{HEADINGS[report.status] ?? report.status}</span>
          <span className="text-muted">{summary}</span>
        </summary>
        {report.steps.length > 0 ? (
          <ol className="mt-1.5 mb-0 flex list-none flex-col gap-[3px] p-0">
            {numbered(report.steps).map(({ step, key }) => (
              <li
                key={key}
                className={cn(
                  'flex flex-wrap items-center gap-[5px] text-text-2 [&>svg]:flex-none [&>svg]:text-muted',
                  step.ok ? '[&>svg:first-of-type]:text-ok' : '[&>svg:first-of-type]:text-error',
                )}
              >
                <span className="sr-only">{step.ok ? 'Passed: ' : 'Failed: '}</span>
                {step.ok ? (
                  <CircleCheck size={13} aria-hidden="true" />
                ) : (
                  <CircleAlert size={13} aria-hidden="true" />
                )}
                {step.viewport === 'mobile' ? (
                  <Smartphone size={13} aria-label="mobile" />
                ) : (
                  <Monitor size={13} aria-label="desktop" />
                )}
                <span>{step.action}</span>
                {step.detail ? (
                  <span
                    className={cn(
                      'basis-full pl-9 [overflow-wrap:anywhere]',
                      step.ok ? 'text-muted' : 'text-error',
                    )}
                  >
                    {step.detail}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
        <Problems title="Console errors" items={report.consoleErrors} />
        <Problems title="Failed requests" items={report.failedRequests} />
      </details>
      {shots.length > 0 ? (
        <ul className="m-0 flex list-none flex-wrap gap-1.5 p-0" aria-label="Screenshots">
          {shots.map((step) => (
            <li key={step.screenshotUrl}>
              <button
                type="button"
                className="block cursor-zoom-in overflow-hidden rounded-sm border border-border bg-none p-0 hover:border-border-strong focus-visible:border-border-strong"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setShown(step);
                }}
                aria-label={`Screenshot after ${step.action} (${step.viewport}), open larger`}
              >
                <img className="block h-16 w-auto" src={step.screenshotUrl ?? ''} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <Dialog title={`After ${shown.action} (${shown.viewport})`} onClose={close}>
          <img
            className="mx-auto block max-h-[70vh] max-w-full"
            src={shown.screenshotUrl ?? ''}
            alt={`The page after ${shown.action} at ${shown.viewport} width`}
          />
        </Dialog>
      ) : null}
    </section>
  );
}

/** Steps with a key each: a stored report never changes, so its position is its identity. */
function numbered(steps: Step[]): { step: Step; key: string }[] {
  return steps.map((step, position) => ({ step, key: `${position}` }));
}

function Problems({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="mt-1.5 mb-0.5 text-[12px] font-[550]">{title}</h4>
      <ul className="m-0 pl-4">
        {items.map((item) => (
          <li key={item}>
            <code className="text-[11.5px] [overflow-wrap:anywhere]">{item}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
