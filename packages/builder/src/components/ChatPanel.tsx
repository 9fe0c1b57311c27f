import { Flame, Hammer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { UploadedAttachment } from '../chat-attachments.ts';
import { awaitingDiscussion, implementable, implementPlanMessage } from '../discussion.ts';
import { formatCount } from '../format-number.ts';
import { clockTime } from '../format-time.ts';
import { cn } from '../lib/cn.ts';
import type { Message, MessageBlock, MessageCost, Verification } from '../queries.ts';
import { describeStatus, shownStatus } from '../revision-status.ts';
import type { SendOptions } from '../use-chat.ts';
import { IMAGE_LIST } from './AttachmentTray.tsx';
import { ChatText } from './ChatText.tsx';
import { Composer } from './Composer.tsx';
import { DeepDebugButton, type DeepDebugRequest } from './DeepDebugDialog.tsx';
import { FormAlert } from './FormAlert.tsx';
import { KnowledgeProposals } from './KnowledgeProposals.tsx';
import { type BlockActions, MessageBlocks } from './MessageBlocks.tsx';
import { RevisionStatus } from './RevisionStatus.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { VerificationReport } from './VerificationReport.tsx';

/**
 * The conversation with Kiln: history (each answer with what it built), what is happening now, and the
 * composer. The latest answer's suggestions send themselves like typed messages, and its Publish button
 * publishes like the header's.
 */
export function ChatPanel({
  messages,
  pending,
  pendingImages = [],
  status,
  inProgress,
  error,
  sending,
  onSend,
  onStop,
  onStopDiscussion,
  readOnlyReason,
  publish,
  onSaveSecret,
  onDeepDebug,
  openFile,
  expertDisabledReason = null,
  onAcceptKnowledge,
  discussionText = null,
  uploadImage,
}: {
  messages: Message[];
  /** A message sent but not yet in the history. */
  pending: string | null;
  /** Its images' local URLs. */
  pendingImages?: string[];
  status: string | null | undefined;
  inProgress: boolean;
  error: string | null;
  sending: boolean;
  onSend: (text: string, opts?: SendOptions) => Promise<boolean>;
  /** Stop the generation in progress (absent for viewers). */
  onStop?: (() => void) | undefined;
  /** Stop the plan-mode question waiting for its answer (absent for viewers). */
  onStopDiscussion?: (() => void) | undefined;
  /** Why this user cannot send messages (a viewer), or null. */
  readOnlyReason: string | null;
  /** Publishing from an answer's Publish block (absent for users who may not publish). */
  publish?: Pick<BlockActions, 'onPublish' | 'publishDisabledReason' | 'publishing'> | undefined;
  /** A secret block's Save and continue (absent for users who may not set secrets). */
  onSaveSecret?: ((name: string, value: string) => Promise<void>) | undefined;
  /** Starts deep debugging (absent for users who may not change the project). */
  onDeepDebug?: ((request: DeepDebugRequest) => Promise<void>) | undefined;
  /** A file chip's action: open that file in the Code tab, or null when it cannot be shown. */
  openFile?: ((filePath: string) => (() => void) | null) | undefined;
  /** Why the Expert toggle is off (no expert model named), or null. */
  expertDisabledReason?: string | null;
  /** A discussion's answer as the model writes it (shown in its thinking bubble), or null. */
  discussionText?: string | null;
  /** Accept a reply's knowledge proposal (absent for users who may not change the project). */
  onAcceptKnowledge?: ((messageId: string, index: number) => Promise<void>) | undefined;
  /** Stores an image attached in the composer (absent for users who may not send messages). */
  uploadImage?: ((file: File) => Promise<UploadedAttachment>) | undefined;
}) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length + (pending ? 1 : 0);
  const thinking = awaitingDiscussion(messages);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the conversation grows or work starts.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count, inProgress, thinking, discussionText]);
  const latestAnswer = messages.findLast((m) => m.role === 'assistant')?.id;
  // A revision's verification report shows once, under its last answer (after "Fixing it automatically…").
  const reportAt = new Map(
    messages.filter((m) => m.role === 'assistant' && m.revisionId).map((m) => [m.revisionId, m.id]),
  );
  const actions: BlockActions = {
    onChoose: (text) => void onSend(text),
    chooseDisabledReason:
      readOnlyReason ?? (inProgress || sending || pending ? 'Wait until Kiln has finished building.' : null),
    ...publish,
    onSaveSecret,
  };
  const implementDisabledReason =
    readOnlyReason ?? (inProgress || sending || pending ? 'Wait until Kiln has finished building.' : null);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div
        className="flex flex-1 flex-col gap-3.5 overflow-y-auto px-4 py-5"
        role="log"
        aria-label="Chat history"
      >
        {messages.length === 0 && !pending ? <p className="m-auto text-muted">No conversation yet.</p> : null}
        {messages.map((message) => (
          <ChatBubble
            key={message.id}
            author={message.role}
            text={message.text}
            attachments={message.attachments ?? []}
            time={clockTime(message.createdAt)}
            cost={message.cost ?? null}
            blocks={message.blocks ?? []}
            verification={reportAt.get(message.revisionId) === message.id ? message.verification : null}
            actions={message.id === latestAnswer ? actions : undefined}
            openFile={openFile}
            discussion={message.mode === 'DISCUSSION'}
            onImplement={
              implementable(message) && !readOnlyReason
                ? () => void onSend(implementPlanMessage(message.text), { mode: 'CHAT' })
                : undefined
            }
            implementDisabledReason={implementDisabledReason}
            onAcceptKnowledge={
              onAcceptKnowledge ? (index: number) => onAcceptKnowledge(message.id, index) : undefined
            }
          />
        ))}
        {thinking ? (
          <div className="flex items-end gap-2">
            <span
              className="grid size-[26px] flex-none place-items-center rounded-sm bg-accent-soft text-accent-strong"
              aria-hidden="true"
            >
              <Flame size={14} />
            </span>
            {discussionText ? (
              <div
                className="bubble-assistant bubble-discussion relative max-w-[85%] rounded-[16px] px-[13px] py-[9px] leading-normal [overflow-wrap:anywhere] rounded-bl-[5px] bg-surface-2 text-text"
                aria-busy="true"
              >
                <span className="mb-1 block text-[10.5px] font-semibold tracking-[0.04em] uppercase opacity-80">
                  Plan · writing…
                </span>
                <ChatText text={discussionText} />
              </div>
            ) : (
              <div
                className="relative max-w-[85%] rounded-[16px] px-[13px] py-[9px] leading-normal [overflow-wrap:anywhere] rounded-bl-[5px] bg-surface-2 inline-flex items-center gap-2 text-text-2"
                role="status"
              >
                <Spinner size={14} />
                Thinking about your question…
              </div>
            )}
            {onStopDiscussion ? (
              <Button type="button" variant="ghost" size="sm" onClick={onStopDiscussion}>
                Stop
              </Button>
            ) : null}
          </div>
        ) : null}
        {pending ? (
          <ChatBubble
            author="user"
            text={pending}
            attachments={pendingImages.map((url) => ({ id: url, url, mimeType: '' }))}
            time=""
          />
        ) : null}
        {inProgress ? (
          <div className="flex items-end gap-2">
            <span
              className="grid size-[26px] flex-none place-items-center rounded-sm bg-accent-soft text-accent-strong"
              aria-hidden="true"
            >
              <Flame size={14} />
            </span>
            <div className="relative max-w-[85%] rounded-[16px] px-[13px] py-[9px] leading-normal [overflow-wrap:anywhere] rounded-bl-[5px] bg-surface-2 inline-flex items-center gap-2 text-text-2">
              <Spinner size={14} />
              {describeStatus(status).label}
              {onStop ? (
                <Button type="button" variant="ghost" size="sm" onClick={onStop}>
                  Stop
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
        <div ref={end} />
      </div>
      <div className="flex flex-col gap-2.5 border-t border-border px-3.5 pt-3 pb-3.5">
        <RevisionStatus
          status={status}
          shown={shownStatus(status, messages.findLast((m) => m.role === 'assistant')?.text)}
        />
        <FormAlert message={error} />
        <Composer
          onSend={onSend}
          busy={sending}
          disabledReason={readOnlyReason}
          expertDisabledReason={expertDisabledReason}
          uploadImage={uploadImage}
        />
        {onDeepDebug && messages.length > 0 ? (
          <DeepDebugButton
            onStart={onDeepDebug}
            disabledReason={inProgress || pending ? 'Wait until Kiln has finished building.' : null}
          />
        ) : null}
      </div>
    </div>
  );
}

function ChatBubble({
  author,
  text,
  attachments = [],
  time,
  cost = null,
  blocks = [],
  verification = null,
  actions,
  openFile,
  discussion = false,
  onImplement,
  implementDisabledReason = null,
  onAcceptKnowledge,
}: {
  /** Who wrote it: `user` or `assistant` (the message's role). */
  author: string;
  text: string;
  /** Images attached to a user's message. */
  attachments?: readonly { id: string; url: string; mimeType: string }[];
  time: string;
  cost?: MessageCost | null;
  blocks?: MessageBlock[];
  verification?: Verification | null;
  actions?: BlockActions | undefined;
  openFile?: ((filePath: string) => (() => void) | null) | undefined;
  /** A plan-mode question or answer: labelled as such, never a revision. */
  discussion?: boolean;
  /** Build this answer's plan (a CHAT carrying it). */
  onImplement?: (() => void) | undefined;
  implementDisabledReason?: string | null;
  onAcceptKnowledge?: ((index: number) => Promise<void>) | undefined;
}) {
  const mine = author === 'user';
  return (
    <div className={cn('flex items-end gap-2', mine && 'justify-end')}>
      {mine ? null : (
        <span
          className="grid size-[26px] flex-none place-items-center rounded-sm bg-accent-soft text-accent-strong"
          aria-hidden="true"
        >
          <Flame size={14} />
        </span>
      )}
      <div
        className={cn(
          'relative max-w-[85%] rounded-[16px] px-[13px] py-[9px] leading-normal [overflow-wrap:anywhere]',
          mine
            ? 'bubble-user rounded-br-[5px] bg-ink text-on-ink'
            : 'bubble-assistant rounded-bl-[5px] bg-surface-2 text-text',
          discussion && 'bubble-discussion',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Kiln: '}</span>
        {discussion ? (
          <span className="mb-1 block text-[10.5px] font-semibold tracking-[0.04em] uppercase opacity-80">
            {mine ? 'Question' : 'Plan · nothing was changed'}
          </span>
        ) : null}
        {attachments.length > 0 ? (
          <ul className={cn(IMAGE_LIST, 'mb-1.5')} aria-label="Attached images">
            {attachments.map((a, index) => (
              <li key={a.id}>
                <a href={a.url} target="_blank" rel="noreferrer" title="Open the image in a new tab">
                  <img
                    src={a.url}
                    alt={`Attachment ${index + 1}`}
                    loading="lazy"
                    className="block max-h-30 max-w-40 rounded-[10px] bg-surface"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {mine ? <p className="whitespace-pre-wrap">{text}</p> : <ChatText text={text} />}
        {mine ? null : <MessageBlocks blocks={blocks} actions={actions} openFile={openFile} />}
        {verification ? <VerificationReport report={verification} /> : null}
        {mine ? null : <KnowledgeProposals blocks={blocks} onAccept={onAcceptKnowledge} />}
        {onImplement ? (
          <div className="mt-2 flex gap-1.5">
            <Button
              type="button"
              variant="primary"
              size="sm"
              disabled={implementDisabledReason !== null}
              title={implementDisabledReason ?? 'Build this plan: a chat message carrying it'}
              onClick={onImplement}
            >
              <Hammer size={13} aria-hidden="true" />
              Implement this plan
            </Button>
          </div>
        ) : null}
        {time || cost ? (
          <div className={cn('mt-[3px] flex items-baseline gap-2 text-[10.5px]', mine && 'justify-end')}>
            {time ? (
              <time className={cn('block', mine ? 'text-right text-on-ink-muted' : 'text-muted')}>
                {time}
              </time>
            ) : null}
            {cost ? <CostNote cost={cost} /> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** What the answer's generation cost: "3 credits" or "Refunded", with the tokens in a tooltip. */
function CostNote({ cost }: { cost: MessageCost }) {
  const tokens = `${formatCount(cost.inputTokens)} input and ${formatCount(cost.outputTokens)} output tokens`;
  const label = cost.refunded
    ? 'Refunded'
    : `${formatCount(cost.credits)} ${cost.credits === 1 ? 'credit' : 'credits'}`;
  return (
    <span
      className="bubble-cost cursor-help opacity-70"
      title={cost.refunded ? `Refunded: ${tokens}` : tokens}
    >
      {label}
      <span className="sr-only"> ({tokens})</span>
    </span>
  );
}
