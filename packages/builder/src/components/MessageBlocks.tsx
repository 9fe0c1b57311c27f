import { Ban, Check, ChevronRight, Rocket, Table, X } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { moduleKind } from '../module-kinds.ts';
import type { MessageBlock } from '../queries.ts';
import { ChatText } from './ChatText.tsx';
import { SecretRequest } from './SecretRequest.tsx';

import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { Chip } from './ui/chip.tsx';

/** The plan's text, set off by a rule on the left under its caret. */
const PLAN_TEXT = 'mt-1.5 border-l-2 border-border-strong px-2.5 py-2 text-[12.5px] text-text-2';

/** What the user can do with the blocks of the latest answer: send a suggestion, publish. */
export interface BlockActions {
  /** Sends a suggestion as the next message, as if typed and sent with Enter. */
  onChoose: (text: string) => void;
  /** Why suggestions cannot be sent now (a viewer, a revision building), or null. */
  chooseDisabledReason: string | null;
  /** Publishes the app like the header's Publish button; absent for users who may not publish. */
  onPublish?: (() => void) | undefined;
  /** Why publishing is not possible now, or null. */
  publishDisabledReason?: string | null;
  publishing?: boolean;
  /** Saves a secret the answer asked for and continues the generation; absent for users who may not. */
  onSaveSecret?: ((name: string, value: string) => Promise<void>) | undefined;
}

/**
 * What an answer did, under its text: the plan (collapsed), tool calls with their status, the files and tables
 * it wrote as chips, and — on the latest answer only (`actions`) — its suggestions and Publish as buttons.
 */
export function MessageBlocks({
  blocks,
  actions,
  openFile,
}: {
  blocks: MessageBlock[];
  actions?: BlockActions | undefined;
  /** Opens a file of the current revision in the Code tab; null for files it cannot show (gone, or no tab). */
  openFile?: ((filePath: string) => (() => void) | null) | undefined;
}) {
  const plans = blocks.filter((b) => b.kind === 'thinking' && b.text);
  const tools = blocks.filter((b) => b.kind === 'tool-call');
  const files = blocks.filter((b) => b.filePath || b.migration);
  // Two files with one name (`/api/todos` and `/api/todos/[id]` are both "Todos") are told apart by path.
  const names = files.map((b) => `${b.moduleType}:${b.name}`);
  const shared = new Set(names.filter((n, i) => names.indexOf(n) !== i));
  const choices = actions ? blocks.flatMap((b) => (b.kind === 'choices' ? (b.choices ?? []) : [])) : [];
  const publish = actions?.onPublish ? blocks.find((b) => b.kind === 'publish') : undefined;
  const secrets = blocks.filter((b) => b.kind === 'secret' && b.name);
  if (plans.length + tools.length + files.length + choices.length + secrets.length === 0 && !publish)
    return null;

  return (
    <div className="mt-2 flex flex-col gap-2">
      {plans.map((b, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a reply's blocks never change order.
        <details key={index} className="group">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 text-[12.5px] font-[550] text-text-2 hover:text-ink [&::-webkit-details-marker]:hidden">
            <ChevronRight
              size={13}
              aria-hidden="true"
              className="transition-transform duration-[120ms] ease-[ease] group-open:rotate-90"
            />
            Plan
          </summary>
          <ChatText text={b.text ?? ''} className={PLAN_TEXT} />
        </details>
      ))}
      {tools.length > 0 ? (
        <ul className="m-0 flex list-none flex-col gap-1 p-0" aria-label="Tools used">
          {tools.map((b, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a reply's blocks never change order.
            <li key={index} className="flex items-center gap-[7px] text-[12.5px] text-text-2">
              <ToolStatus status={b.status} />
              <span>{toolLine(b)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul className="m-0 flex list-none flex-wrap gap-[5px] p-0" aria-label="What this answer changed">
          {files.map((b) => (
            <li
              key={b.migration ? `table:${b.migration}` : `file:${b.filePath}`}
              className="max-w-full min-w-0"
            >
              <FileChip
                block={b}
                byPath={shared.has(`${b.moduleType}:${b.name}`)}
                open={b.filePath && b.change !== 'deleted' ? openFile?.(b.filePath) : null}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {secrets.map((b) => (
        <SecretRequest
          key={b.name}
          name={b.name ?? ''}
          reason={b.reason}
          onSave={actions?.onSaveSecret}
          disabledReason={actions?.chooseDisabledReason ?? null}
        />
      ))}
      {choices.length > 0 || publish ? (
        <div className="flex flex-col gap-2 border-t border-border pt-2">
          {choices.length > 0 ? (
            <fieldset className="m-0 flex min-w-0 flex-wrap gap-1.5 border-0 p-0" aria-label="Suggestions">
              {choices.map((choice) => (
                <Chip
                  key={choice}
                  className="h-auto min-h-[30px] px-3 py-1 text-left whitespace-normal text-ink enabled:hover:border-accent enabled:hover:bg-accent-soft enabled:hover:text-accent-strong disabled:cursor-not-allowed disabled:opacity-50 focus-visible:border-accent focus-visible:shadow-[0_0_0_3px_var(--accent-ring)] focus-visible:outline-none"
                  disabled={actions?.chooseDisabledReason != null}
                  title={actions?.chooseDisabledReason ?? `Send “${choice}”`}
                  onClick={() => actions?.onChoose(choice)}
                >
                  {choice}
                </Chip>
              ))}
            </fieldset>
          ) : null}
          {publish && actions?.onPublish ? (
            <div className="flex items-center justify-between gap-2.5 text-[12.5px]">
              {publish.reason ? <span className="text-muted">{publish.reason}</span> : null}
              <Button
                type="button"
                variant="primary"
                size="sm"
                className="ml-auto"
                disabled={actions.publishDisabledReason != null || actions.publishing === true}
                title={actions.publishDisabledReason ?? 'Put this app on the web'}
                onClick={actions.onPublish}
              >
                {actions.publishing ? <Spinner size={14} /> : <Rocket size={14} aria-hidden="true" />}
                Publish
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const CHANGE_WORDS: Record<string, string> = { created: 'Created', edited: 'Edited', deleted: 'Deleted' };

/**
 * "Page · Homepage", "Function · Todos", "Table · create_todos" (`byPath`: "Function · /api/todos/[id]"): a
 * button when the file can be opened.
 */
function FileChip({
  block,
  byPath,
  open,
}: {
  block: MessageBlock;
  byPath: boolean;
  open: (() => void) | null | undefined;
}) {
  const table = block.migration !== null && !block.filePath;
  const kind = table ? { icon: Table, label: 'Table' } : moduleKind(block.moduleType ?? 'FILE');
  const Icon = kind.icon;
  const name = table ? block.migration : byPath ? shortPath(block.filePath ?? '') : block.name;
  const change = CHANGE_WORDS[block.change ?? ''] ?? (table ? 'Migration' : 'Changed');
  const content = (
    <>
      <Icon size={13} aria-hidden="true" />
      <span>
        {kind.label} · {name}
      </span>
      <span className="sr-only"> ({change.toLowerCase()})</span>
    </>
  );
  const className = cn(
    'inline-flex h-6 max-w-full items-center gap-[5px] rounded-sm border border-border bg-surface px-2 font-sans text-[12px] whitespace-nowrap text-text-2 [&>span:not(.sr-only)]:truncate',
    block.change === 'deleted' && '[&>span]:line-through [&>span]:opacity-70',
  );
  const title = table ? `Migration ${block.migration}` : `${change} ${block.filePath}`;
  return open ? (
    <button
      type="button"
      className={cn(
        className,
        'cursor-pointer transition-[border-color,color] duration-[120ms] ease-[ease] hover:border-border-strong hover:text-ink focus-visible:border-accent focus-visible:shadow-[0_0_0_3px_var(--accent-ring)] focus-visible:outline-none',
      )}
      title={`${title} — open in Code`}
      onClick={open}
    >
      {content}
    </button>
  ) : (
    <span className={className} title={title}>
      {content}
    </span>
  );
}

/** A path without the app's folders and the route file: `/api/todos/[id]`, `about/page.tsx`, `Card.tsx`. */
function shortPath(filePath: string): string {
  const route = /^apps\/web\/src\/app(\/.*)?\/route\.ts$/.exec(filePath);
  if (route) return route[1] ?? '/';
  return filePath.replace(/^apps\/(web|mobile)\/src\/(app|components)\//, '');
}

const STATUS_WORDS: Record<string, string> = {
  running: 'running',
  success: 'done',
  error: 'failed',
  cancelled: 'cancelled',
};

function ToolStatus({ status }: { status: string | null }) {
  const word = STATUS_WORDS[status ?? ''] ?? status ?? '';
  const icon =
    status === 'running' ? (
      <Spinner size={13} />
    ) : status === 'success' ? (
      <Check size={13} aria-hidden="true" />
    ) : status === 'error' ? (
      <X size={13} aria-hidden="true" />
    ) : (
      <Ban size={13} aria-hidden="true" />
    );
  return (
    <span
      className={cn(
        `block-tool-${status ?? 'unknown'}`,
        'inline-grid flex-none place-items-center',
        status === 'success' ? 'text-ok' : status === 'error' ? 'text-error' : 'text-muted',
      )}
      title={word}
    >
      {icon}
      <span className="sr-only">{word}: </span>
    </span>
  );
}

/** A tool call in words: "Read the docs of recharts". */
function toolLine(block: MessageBlock): string {
  const input = (block.input ?? '').replace(/\s+/g, ' ').trim();
  if (block.tool === 'package_documentation') return `Read the docs of ${input || 'a package'}`;
  if (block.tool === 'web_search') return `Searched the web for “${input}”`;
  if (block.tool === 'read_file') return `Read ${input || 'a file'}`;
  if (block.tool === 'grep_codebase') return `Searched the code for “${input}”`;
  return input ? `${block.tool ?? 'Tool'}: ${input}` : (block.tool ?? 'Tool');
}
