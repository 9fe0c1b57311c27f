/**
 * @module The verification card under a revision's answer (issue 22): whether Kiln's walk of the changed pages
 * in a headless browser passed, each step with ok or why not, screenshots (thumbnails that open larger in a
 * dialog), console errors and failed requests. Collapsed when it passed; open when it failed.
 */
import { CircleAlert, CircleCheck, CircleMinus, Monitor, Smartphone } from 'lucide-react';
import { useRef, useState } from 'react';
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
      className={`verification verification-${report.status.toLowerCase()}`}
      aria-label="Verification in the browser"
    >
      <details open={report.status === 'FAILED'}>
        <summary>
          <Icon size={14} aria-hidden="true" className="verification-icon" />
          <span className="verification-heading">{HEADINGS[report.status] ?? report.status}</span>
          <span className="verification-summary muted">{summary}</span>
        </summary>
        {report.steps.length > 0 ? (
          <ol className="verification-steps">
            {numbered(report.steps).map(({ step, key }) => (
              <li
                key={key}
                className={`verification-step ${step.ok ? 'verification-ok' : 'verification-failed'}`}
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
                <span className="verification-action">{step.action}</span>
                {step.detail ? <span className="verification-detail">{step.detail}</span> : null}
              </li>
            ))}
          </ol>
        ) : null}
        <Problems title="Console errors" items={report.consoleErrors} />
        <Problems title="Failed requests" items={report.failedRequests} />
      </details>
      {shots.length > 0 ? (
        <ul className="verification-shots" aria-label="Screenshots">
          {shots.map((step) => (
            <li key={step.screenshotUrl}>
              <button
                type="button"
                className="verification-shot"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setShown(step);
                }}
                aria-label={`Screenshot after ${step.action} (${step.viewport}), open larger`}
              >
                <img src={step.screenshotUrl ?? ''} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <Dialog title={`After ${shown.action} (${shown.viewport})`} onClose={close}>
          <img
            className="verification-shot-large"
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
    <div className="verification-problems">
      <h4>{title}</h4>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <code>{item}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
