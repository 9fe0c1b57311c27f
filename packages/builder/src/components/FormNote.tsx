import { CircleCheck } from 'lucide-react';

/** A success note, announced politely; renders nothing without a message. */
export function FormNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-note" role="status">
      <CircleCheck size={16} aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
