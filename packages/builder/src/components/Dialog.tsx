import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import {
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Dialog as Root,
} from './ui/dialog.tsx';

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
      <DialogContent aria-describedby={undefined}>
        <DialogBody>
          <DialogHeader>
            <DialogTitle asChild>
              <h2>{title}</h2>
            </DialogTitle>
            <Button type="button" variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
              <X size={16} aria-hidden="true" />
            </Button>
          </DialogHeader>
          {description ? (
            <DialogDescription asChild>
              <div className="text-text-2">{description}</div>
            </DialogDescription>
          ) : null}
          {children}
        </DialogBody>
      </DialogContent>
    </Root>
  );
}
