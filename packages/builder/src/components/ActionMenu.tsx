import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { buttonVariants } from './ui/button.tsx';
import { MenuIcon, MenuItem, MenuPopup } from './ui/menu.tsx';

const ITEM = '[role^="menuitem"]';

export interface MenuAction {
  label: string;
  icon?: ReactNode;
  /** Default false. */
  danger?: boolean;
  /** Set for a choice among several (a `menuitemradio`), true on the chosen one. */
  checked?: boolean;
  /** Shown at the end of the item (a badge). */
  detail?: ReactNode;
  /** Draws a line above the item, starting a new group. Default false. */
  separated?: boolean;
  onSelect: () => void;
}

/**
 * A button that opens a short list of actions (WAI-ARIA menu button): arrows move, Escape or a click outside
 * closes, focus returns to the button.
 */
export function ActionMenu({
  label,
  nameFromContent = false,
  trigger,
  actions,
  align = 'end',
  className = buttonVariants({ variant: 'ghost', size: 'icon' }),
}: {
  /** The button's accessible name (and the menu's). */
  label: string;
  /**
   * The trigger holds visible text that, with hidden text, makes up the name: `label` then names only the
   * menu. Default false.
   */
  nameFromContent?: boolean;
  trigger: ReactNode;
  actions: MenuAction[];
  /** Which edge of the button the menu lines up with; default `end`. */
  align?: 'start' | 'end';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    root.current?.querySelector<HTMLElement>(ITEM)?.focus();
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(root.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  return (
    <div className="relative inline-flex min-w-0" ref={root}>
      <button
        ref={button}
        type="button"
        className={className}
        // With visible text in the trigger, the name comes from that text (WCAG 2.5.3, label in name).
        aria-label={nameFromContent ? undefined : label}
        title={nameFromContent ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          // Menus sit on clickable cards; the card must not open too.
          event.preventDefault();
          event.stopPropagation();
          setOpen((o) => !o);
        }}
      >
        {trigger}
      </button>
      {open ? (
        <MenuPopup id={menuId} role="menu" aria-label={label} align={align} onKeyDown={onMenuKeyDown}>
          {actions.map((action) => (
            <MenuItem
              key={action.label}
              role={action.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={action.checked}
              tabIndex={-1}
              danger={action.danger}
              separated={action.separated}
              onClick={(event) => {
                event.preventDefault();
                event.stopPropagation();
                setOpen(false);
                action.onSelect();
              }}
            >
              {action.icon ? <MenuIcon danger={action.danger}>{action.icon}</MenuIcon> : null}
              <span className="min-w-0 flex-1 truncate">{action.label}</span>
              {action.detail}
            </MenuItem>
          ))}
        </MenuPopup>
      ) : null}
    </div>
  );
}
