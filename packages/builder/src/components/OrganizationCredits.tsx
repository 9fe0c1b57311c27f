import { CREDIT_DEPOSIT_REASONS, ORGANIZATION_PLANS } from '@kiln/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { formatCount, formatGiB, formatSigned, humanize } from '../format-number.ts';
import { timeAgo } from '../format-time.ts';
import { ledgerName } from '../ledger-names.ts';
import { cn } from '../lib/cn.ts';
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
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { inlineFormClasses, SettingsSubsection, Stats, Stat as StatTile } from './ui/settings.tsx';
import { Table, TableCell, TableFrame, TableHead } from './ui/table.tsx';

/** The plan and what it allows, the credit balance and ledger, the event log; platform ADMIN tools. */
export function OrganizationCredits({ organization }: { organization: OrganizationDetails }) {
  const { me } = useSession();
  const { credits } = organization;
  const platformAdmin = me?.role === 'ADMIN';
  return (
    <SettingsSection id="plan" title="Plan & credits">
      <Stats>
        <Stat label="Plan" value={humanize(organization.plan)} />
        <Stat
          label="Allowance"
          value={organization.allowance === null ? 'Unlimited' : formatCount(organization.allowance)}
        />
        <Stat label="Database size per app" value={formatGiB(organization.databaseSizeBytes)} />
        <Stat label="Credit balance" value={formatCount(credits.balance)} testId="credit-balance" />
        <Stat label="Refill every 30 days" value={formatCount(credits.refillAmount)} />
      </Stats>

      {platformAdmin ? <AdminTools organization={organization} /> : null}

      <SettingsSubsection>
        <h3>Credit ledger</h3>
        {credits.entries.length === 0 ? (
          <p className="text-muted">No credit movements yet.</p>
        ) : (
          <TableFrame role="region" aria-label="Ledger" tabIndex={0}>
            <Table>
              <thead>
                <tr>
                  <TableHead scope="col">Entry</TableHead>
                  <TableHead scope="col">Type</TableHead>
                  <TableHead scope="col" numeric>
                    Amount
                  </TableHead>
                  <TableHead scope="col">Refunded</TableHead>
                  <TableHead scope="col">When</TableHead>
                </tr>
              </thead>
              <tbody>
                {credits.entries.map((entry) => (
                  <tr key={entry.id}>
                    <TableCell>{humanize(entry.entry)}</TableCell>
                    <TableCell>
                      <span title={entry.type}>{ledgerName(entry.type)}</span>
                    </TableCell>
                    <TableCell
                      numeric
                      className={cn('font-semibold', entry.amount < 0 ? 'text-text' : 'text-ok')}
                    >
                      {formatSigned(entry.amount)}
                    </TableCell>
                    <TableCell>
                      {entry.refunded ? <Badge>Refunded</Badge> : <span className="text-muted">—</span>}
                    </TableCell>
                    <TableCell className="text-muted">{timeAgo(entry.createdAt)}</TableCell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableFrame>
        )}
      </SettingsSubsection>

      {atLeast(organization.role, 'ADMIN') ? (
        <SettingsSubsection>
          <h3>Event log</h3>
          {organization.events.length === 0 ? (
            <p className="text-muted">Nothing logged yet.</p>
          ) : (
            <TableFrame role="region" aria-label="Event log" tabIndex={0}>
              <Table>
                <thead>
                  <tr>
                    <TableHead scope="col">Event</TableHead>
                    <TableHead scope="col" numeric>
                      Amount
                    </TableHead>
                    <TableHead scope="col">When</TableHead>
                  </tr>
                </thead>
                <tbody>
                  {organization.events.map((event) => (
                    <tr key={event.id}>
                      <TableCell>
                        <span title={event.type}>{ledgerName(event.type)}</span>
                      </TableCell>
                      <TableCell numeric>{formatSigned(event.amount)}</TableCell>
                      <TableCell className="text-muted">{timeAgo(event.createdAt)}</TableCell>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableFrame>
          )}
        </SettingsSubsection>
      ) : null}
    </SettingsSection>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <StatTile>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </StatTile>
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
    <SettingsSubsection className="rounded-md border border-dashed border-border-strong bg-bg p-4">
      <h3>
        Platform admin <Badge>Admin</Badge>
      </h3>
      <form className={inlineFormClasses} onSubmit={changePlan}>
        <Select
          label="Plan"
          value={plan}
          onChange={(e) => setPlan(e.target.value)}
          options={ORGANIZATION_PLANS.map((p) => ({ value: p, label: humanize(p) }))}
        />
        <Button type="submit" disabled={busy !== null || plan === organization.plan}>
          {busy === 'plan' ? <Spinner /> : null}
          Change plan
        </Button>
      </form>
      <form className={inlineFormClasses} onSubmit={deposit}>
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
        <Button type="submit" disabled={busy !== null || !amountValid}>
          {busy === 'deposit' ? <Spinner /> : null}
          Deposit credits
        </Button>
      </form>
      <FormAlert message={error} />
    </SettingsSubsection>
  );
}
