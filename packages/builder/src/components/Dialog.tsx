import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogContent, DialogDescription, DialogTitle, Dialog as Root } from './ui/dialog.tsx';

/**
 * A modal dialog (Radix, `ui/dialog.tsx`): focus is trapped and starts on the first field, Escape or a click
 * outside closes it, focus returns to where it was. Shown while mounted.
 */
export function Dialog({
  title,
  description,
  onClose,
  children,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="dialog" aria-describedby={undefined}>
        <div className="dialog-body">
          <header className="dialog-head">
            <DialogTitle asChild>
              <h2>{title}</h2>
            </DialogTitle>
            <button
              type="button"
              className="button button-ghost button-icon"
              aria-label="Close"
              onClick={onClose}
            >
              <X size={16} aria-hidden="true" />
            </button>
          </header>
          {description ? (
            <DialogDescription asChild>
              <div className="dialog-description">{description}</div>
            </DialogDescription>
          ) : null}
          {children}
        </div>
      </DialogContent>
    </Root>
  );
}
