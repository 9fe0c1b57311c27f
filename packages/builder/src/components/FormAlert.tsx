import { CircleAlert } from 'lucide-react';

/** An error announced to assistive technology; renders nothing without a message. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      <CircleAlert size={16} aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
