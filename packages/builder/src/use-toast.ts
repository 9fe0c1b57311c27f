/**
 * @module Short confirmations ("Joined Acme", "E-mail confirmed") shown at the bottom of the screen for a few
 * seconds, shared through context by `ToastProvider`.
 */
import { createContext, useContext } from 'react';

export interface Toast {
  id: number;
  message: string;
  tone: 'ok' | 'error';
}

/** Shows `message` for a few seconds. */
export type ShowToast = (message: string, tone?: Toast['tone']) => void;

export const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast() needs a <ToastProvider> above it.');
  return show;
}
