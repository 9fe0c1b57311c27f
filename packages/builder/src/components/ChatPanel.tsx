import { Flame } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatCount } from '../format-number.ts';
import { clockTime } from '../format-time.ts';
import type { Message, MessageBlock, MessageCost, Verification } from '../queries.ts';
import { describeStatus, shownStatus } from '../revision-status.ts';
import { ChatText } from './ChatText.tsx';
import { Composer } from './Composer.tsx';
import { DeepDebugButton, type DeepDebugRequest } from './DeepDebugDialog.tsx';
import { FormAlert } from './FormAlert.tsx';
import { type BlockActions, MessageBlocks } from './MessageBlocks.tsx';
import { RevisionStatus } from './RevisionStatus.tsx';
import { Spinner } from './Spinner.tsx';
import { VerificationReport } from './VerificationReport.tsx';

/**
 * The conversation with Kiln: history (each answer with what it built), what is happening now, and the
 * composer. The latest answer's suggestions send themselves like typed messages, and its Publish button
 * publishes like the header's.
 */
export function ChatPanel({
  messages,
  pending,
  status,
  inProgress,
  error,
  sending,
  onSend,
  onStop,
  readOnlyReason,
  publish,
  onSaveSecret,
  onDeepDebug,
  openFile,
}: {
  messages: Message[];
  /** A message sent but not yet in the history. */
  pending: string | null;
  status: string | null | undefined;
  inProgress: boolean;
  error: string | null;
  sending: boolean;
  onSend: (text: string) => Promise<boolean>;
  /** Stop the generation in progress (absent for viewers). */
  onStop?: (() => void) | undefined;
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
}) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length + (pending ? 1 : 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the conversation grows or work starts.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count, inProgress]);
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

  return (
    <div className="chat">
      <div className="chat-log" role="log" aria-label="Chat history">
        {messages.length === 0 && !pending ? <p className="chat-empty muted">No conversation yet.</p> : null}
        {messages.map((message) => (
          <ChatBubble
            key={message.id}
            role={message.role}
            text={message.text}
            time={clockTime(message.createdAt)}
            cost={message.cost ?? null}
            blocks={message.blocks ?? []}
            verification={reportAt.get(message.revisionId) === message.id ? message.verification : null}
            actions={message.id === latestAnswer ? actions : undefined}
            openFile={openFile}
          />
        ))}
        {pending ? <ChatBubble role="user" text={pending} time="" /> : null}
        {inProgress ? (
          <div className="bubble-row bubble-row-assistant">
            <span className="bubble-avatar" aria-hidden="true">
              <Flame size={14} />
            </span>
            <div className="bubble bubble-assistant bubble-working">
              <Spinner size={14} />
              {describeStatus(status).label}
              {onStop ? (
                <button type="button" className="button button-ghost button-small" onClick={onStop}>
                  Stop
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
        <div ref={end} />
      </div>
      <div className="chat-bottom">
        <RevisionStatus
          status={status}
          shown={shownStatus(status, messages.findLast((m) => m.role === 'assistant')?.text)}
        />
        <FormAlert message={error} />
        <Composer onSend={onSend} busy={sending} disabledReason={readOnlyReason} />
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
  role,
  text,
  time,
  cost = null,
  blocks = [],
  verification = null,
  actions,
  openFile,
}: {
  role: string;
  text: string;
  time: string;
  cost?: MessageCost | null;
  blocks?: MessageBlock[];
  verification?: Verification | null;
  actions?: BlockActions | undefined;
  openFile?: ((filePath: string) => (() => void) | null) | undefined;
}) {
  const mine = role === 'user';
  return (
    <div className={`bubble-row ${mine ? 'bubble-row-user' : 'bubble-row-assistant'}`}>
      {mine ? null : (
        <span className="bubble-avatar" aria-hidden="true">
          <Flame size={14} />
        </span>
      )}
      <div className={`bubble ${mine ? 'bubble-user' : 'bubble-assistant'}`}>
        <span className="sr-only">{mine ? 'You: ' : 'Kiln: '}</span>
        {mine ? <p className="bubble-text">{text}</p> : <ChatText text={text} />}
        {mine ? null : <MessageBlocks blocks={blocks} actions={actions} openFile={openFile} />}
        {verification ? <VerificationReport report={verification} /> : null}
        {time || cost ? (
          <div className="bubble-meta">
            {time ? <time className="bubble-time">{time}</time> : null}
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
    <span className="bubble-cost" title={cost.refunded ? `Refunded: ${tokens}` : tokens}>
      {label}
      <span className="sr-only"> ({tokens})</span>
    </span>
  );
}
