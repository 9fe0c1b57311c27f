import { CREDIT_DEPOSIT_REASONS, ORGANIZATION_PLANS } from '@kiln/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { formatCount, formatGiB, formatSigned, humanize } from '../format-number.ts';
import { timeAgo } from '../format-time.ts';
import { ledgerName } from '../ledger-names.ts';
import { depositCredits, type OrganizationDetails, setOrganizationPlan } from '../organization-queries.ts';
import { atLeast } from '../roles.ts';
import { useInvalidateOrganization } from '../use-organization.ts';
import { useSession } from '../use-session.ts';
import { useToast } from '../use-toast.ts';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Select } from './Select.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';

/** The plan and what it allows, the credit balance and ledger, the event log; platform ADMIN tools. */
export function OrganizationCredits({ organization }: { organization: OrganizationDetails }) {
  const { me } = useSession();
  const { credits } = organization;
  const platformAdmin = me?.role === 'ADMIN';
  return (
    <SettingsSection id="plan" title="Plan & credits">
      <dl className="stats">
        <Stat label="Plan" value={humanize(organization.plan)} />
        <Stat
          label="Allowance"
          value={organization.allowance === null ? 'Unlimited' : formatCount(organization.allowance)}
        />
        <Stat label="Database size per app" value={formatGiB(organization.databaseSizeBytes)} />
        <Stat label="Credit balance" value={formatCount(credits.balance)} testId="credit-balance" />
        <Stat label="Refill every 30 days" value={formatCount(credits.refillAmount)} />
      </dl>

      {platformAdmin ? <AdminTools organization={organization} /> : null}

      <div className="settings-sub">
        <h3>Credit ledger</h3>
        {credits.entries.length === 0 ? (
          <p className="muted">No credit movements yet.</p>
        ) : (
          <div className="table-wrap" role="region" aria-label="Ledger" tabIndex={0}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Entry</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="numeric">
                    Amount
                  </th>
                  <th scope="col">Refunded</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {credits.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{humanize(entry.entry)}</td>
                    <td>
                      <span title={entry.type}>{ledgerName(entry.type)}</span>
                    </td>
                    <td className={`numeric ${entry.amount < 0 ? 'amount-debit' : 'amount-credit'}`}>
                      {formatSigned(entry.amount)}
                    </td>
                    <td>
                      {entry.refunded ? (
                        <span className="badge">Refunded</span>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td className="muted">{timeAgo(entry.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {atLeast(organization.role, 'ADMIN') ? (
        <div className="settings-sub">
          <h3>Event log</h3>
          {organization.events.length === 0 ? (
            <p className="muted">Nothing logged yet.</p>
          ) : (
            <div className="table-wrap" role="region" aria-label="Event log" tabIndex={0}>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col" className="numeric">
                      Amount
                    </th>
                    <th scope="col">When</th>
                  </tr>
                </thead>
                <tbody>
                  {organization.events.map((event) => (
                    <tr key={event.id}>
                      <td>
                        <span title={event.type}>{ledgerName(event.type)}</span>
                      </td>
                      <td className="numeric">{formatSigned(event.amount)}</td>
                      <td className="muted">{timeAgo(event.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : null}
    </SettingsSection>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** Only for a platform ADMIN: set the plan and deposit credits; both re-read the organisation. */
function AdminTools({ organization }: { organization: OrganizationDetails }) {
  const toast = useToast();
  const reload = useInvalidateOrganization(organization.id);
  const [plan, setPlan] = useState(organization.plan);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<string>('ADMIN_GRANT');
  const action = useMutation({
    mutationFn: async (
      change: { kind: 'plan'; plan: string } | { kind: 'deposit'; amount: number; reason: string },
    ) => {
      if (change.kind === 'plan') {
        await setOrganizationPlan(organization.id, change.plan);
        return `Plan changed to ${humanize(change.plan)}.`;
      }
      const balance = await depositCredits(organization.id, change.amount, change.reason);
      return `Deposited. The balance is now ${formatCount(balance)}.`;
    },
    onSuccess: async (note, change) => {
      if (change.kind === 'deposit') setAmount('');
      await reload();
      toast(note);
    },
  });
  const busy = action.isPending ? action.variables.kind : null;
  const error = action.error ? errorMessage(action.error) : null;

  function changePlan(event: FormEvent) {
    event.preventDefault();
    action.mutate({ kind: 'plan', plan });
  }

  function deposit(event: FormEvent) {
    event.preventDefault();
    action.mutate({ kind: 'deposit', amount: Number(amount), reason });
  }

  const amountValid = /^\d+$/.test(amount.trim()) && Number(amount) > 0;
  return (
    <div className="settings-sub admin-tools">
      <h3>
        Platform admin <span className="badge">Admin</span>
      </h3>
      <form className="inline-form" onSubmit={changePlan}>
        <Select
          label="Plan"
          value={plan}
          onChange={(e) => setPlan(e.target.value)}
          options={ORGANIZATION_PLANS.map((p) => ({ value: p, label: humanize(p) }))}
        />
        <button type="submit" className="button" disabled={busy !== null || plan === organization.plan}>
          {busy === 'plan' ? <Spinner /> : null}
          Change plan
        </button>
      </form>
      <form className="inline-form" onSubmit={deposit}>
        <Field
          label="Credits"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <Select
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          options={CREDIT_DEPOSIT_REASONS.map((r) => ({ value: r, label: ledgerName(r) }))}
        />
        <button type="submit" className="button" disabled={busy !== null || !amountValid}>
          {busy === 'deposit' ? <Spinner /> : null}
          Deposit credits
        </button>
      </form>
      <FormAlert message={error} />
    </div>
  );
}
