import type { MouseEvent } from 'react';

/** The first thing Tab reaches on every screen: straight to the screen's `main` landmark. */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  }
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main (WCAG technique G1); the click handler only moves focus without touching the router's URL.
    <a
      href="#main"
      onClick={skip}
      className="fixed top-2 left-2 z-[100] -translate-y-[200%] rounded-md bg-ink px-3 py-2 font-semibold text-on-ink shadow-lg focus:translate-y-0"
    >
      Skip to content
    </a>
  );
}
