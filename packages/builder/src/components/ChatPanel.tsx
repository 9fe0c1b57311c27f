import { Flame } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatCount } from '../format-number.ts';
import { clockTime } from '../format-time.ts';
import type { Message, MessageCost } from '../queries.ts';
import { describeStatus } from '../revision-status.ts';
import { ChatText } from './ChatText.tsx';
import { Composer } from './Composer.tsx';
import { FormAlert } from './FormAlert.tsx';
import { RevisionStatus } from './RevisionStatus.tsx';
import { Spinner } from './Spinner.tsx';

/** The conversation with Kiln: history, what is happening now, and the composer. */
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
}) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length + (pending ? 1 : 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the conversation grows or work starts.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count, inProgress]);

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
        <RevisionStatus status={status} />
        <FormAlert message={error} />
        <Composer onSend={onSend} busy={sending} disabledReason={readOnlyReason} />
      </div>
    </div>
  );
}

function ChatBubble({
  role,
  text,
  time,
  cost = null,
}: {
  role: string;
  text: string;
  time: string;
  cost?: MessageCost | null;
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
