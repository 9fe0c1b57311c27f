/**
 * @module
 * The preview's Select mode (issue 17): while it is on, hovering outlines the element under the pointer that
 * has a source location (`data-kiln-loc`, added by the engine), a click (or Enter on a focused element) selects
 * it instead of doing what the app would do, and tells the builder where the element is in the source, its tag,
 * what it shows and its box, so the builder opens its edit panel beside it. Escape leaves the mode, and the builder
 * is told. The outline is a fixed box outside the app's root, so the app's own markup is untouched.
 */
import type { ElementSelectedMessage, PreviewToBuilder } from '../protocol.ts';
import { parseSourceLocation, SOURCE_LOCATION_ATTRIBUTE } from '../source-locations.ts';

/** Longest text sent for a selected element (its text is what the panel shows and what finds its literal). */
const MAX_SELECTED_TEXT = 2000;
/** The outline's colour: Kiln's focus blue, visible on light and dark apps. */
const OUTLINE = '2px solid #2563eb';
/** The outline box's id (tests and styles can find it). */
export const SELECT_OUTLINE_ID = 'kiln-select-outline';

/** Select mode's switch, as the runtime entry uses it. */
export interface SelectMode {
  setOn(on: boolean): void;
}

/** Installs Select mode (off); `revisionId` names the revision the page shows when an element is selected. */
export function installSelectMode(
  post: (message: PreviewToBuilder) => void,
  revisionId: () => string,
): SelectMode {
  let on = false;
  let box: HTMLDivElement | null = null;

  const located = (target: EventTarget | null): HTMLElement | null =>
    target instanceof Element ? target.closest<HTMLElement>(`[${SOURCE_LOCATION_ATTRIBUTE}]`) : null;

  const outline = (el: HTMLElement | null) => {
    if (!box) return;
    if (!el) {
      box.style.display = 'none';
      return;
    }
    const r = el.getBoundingClientRect();
    Object.assign(box.style, {
      display: 'block',
      left: `${r.left}px`,
      top: `${r.top}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
    });
  };

  const select = (el: HTMLElement) => {
    const loc = parseSourceLocation(el.getAttribute(SOURCE_LOCATION_ATTRIBUTE) ?? '');
    if (!loc) return;
    const r = el.getBoundingClientRect();
    const message: ElementSelectedMessage = {
      kind: 'kiln:element-selected',
      revisionId: revisionId(),
      ...loc,
      tag: el.tagName.toLowerCase(),
      text: (el.textContent ?? '').trim().slice(0, MAX_SELECTED_TEXT),
      src: el.getAttribute('src'),
      href: el.getAttribute('href'),
      rect: { x: r.left, y: r.top, width: r.width, height: r.height },
    };
    outline(el);
    post(message);
  };

  const onMove = (e: MouseEvent) => outline(located(e.target));
  const onClick = (e: MouseEvent) => {
    // Nothing the app would do on this click happens: no navigation, no handler.
    e.preventDefault();
    e.stopPropagation();
    const el = located(e.target);
    if (el) select(el);
  };
  const swallow = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setOn(false);
      post({ kind: 'kiln:select-mode', on: false });
    } else if (e.key === 'Enter') {
      const el = located(document.activeElement);
      if (el) {
        e.preventDefault();
        e.stopPropagation();
        select(el);
      }
    }
  };
  const onFocus = (e: FocusEvent) => outline(located(e.target));

  function setOn(next: boolean): void {
    if (next === on) return;
    on = next;
    const listeners: [string, EventListener][] = [
      ['mousemove', onMove as EventListener],
      ['click', onClick as EventListener],
      ['mousedown', swallow],
      ['submit', swallow],
      ['keydown', onKey as EventListener],
      ['focusin', onFocus as EventListener],
    ];
    for (const [type, fn] of listeners) {
      if (on) window.addEventListener(type, fn, true);
      else window.removeEventListener(type, fn, true);
    }
    document.documentElement.dataset.kilnSelectMode = on ? 'on' : 'off';
    if (on) {
      box = document.createElement('div');
      box.id = SELECT_OUTLINE_ID;
      Object.assign(box.style, {
        position: 'fixed',
        pointerEvents: 'none',
        outline: OUTLINE,
        outlineOffset: '1px',
        borderRadius: '2px',
        zIndex: '2147483647',
        display: 'none',
      });
      document.body.appendChild(box);
      document.body.style.cursor = 'crosshair';
    } else {
      box?.remove();
      box = null;
      document.body.style.cursor = '';
    }
  }

  return { setOn };
}
