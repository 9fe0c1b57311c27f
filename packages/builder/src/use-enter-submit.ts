import type { KeyboardEvent } from 'react';

/** Enter submits, Shift+Enter inserts a newline; ignores Enter while an IME is composing. */
export function useEnterSubmit(submit: () => void): (event: KeyboardEvent<HTMLTextAreaElement>) => void {
  return (event) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
}
