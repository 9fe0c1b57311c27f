/**
 * @module Short confirmations ("Joined Acme", "E-mail confirmed") shown at the bottom of the screen for a few
 * seconds, shared through context by `ToastProvider`.
 */
import { createContext, useContext } from 'react';

/** A button in a toast (Copy link, Undo…). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'ok' | 'error';
  action?: ToastAction;
}

/** Shows `message` for a few seconds (longer with an action), optionally with one button. */
export type ShowToast = (message: string, tone?: Toast['tone'], action?: ToastAction) => void;

export const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast() needs a <ToastProvider> above it.');
  return show;
}
