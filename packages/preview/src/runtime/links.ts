/**
 * @module
 * Routes clicks on `<a href>` inside the generated app (spec §2): project paths navigate inside the app
 * (in memory in the preview, through the history in a published app), a bare `#` does nothing, `#anchor`
 * scrolls to the anchor inside the app's container, and other origins pass through (a new tab in the preview,
 * whose own page must never be navigated away).
 */
import { mobilePreviewTarget } from '../routes.ts';
import type { Engine } from './engine.tsx';

/** Paths the gateway serves itself; a link to one of them is not a page of the app. */
const SERVER_PATHS = /^\/(?:api|_kiln|sandbox|~~autosignin)(?:\/|$)/;

export function installLinkRouting(engine: Engine): void {
  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
    const href = anchor.getAttribute('href') ?? '';
    const preview = engine.kind === 'preview';
    if (href === '#' || href === '') {
      event.preventDefault();
      return;
    }
    if (href.startsWith('#')) {
      event.preventDefault();
      engine.scrollToAnchor(href.slice(1));
      return;
    }
    const base = `${location.origin}${engine.route.startsWith('/') ? engine.route : `/${engine.route}`}`;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      event.preventDefault();
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return; // mailto:, tel:, …
    const external = url.origin !== location.origin || SERVER_PATHS.test(url.pathname);
    if (external) {
      if (preview) {
        event.preventDefault();
        window.open(url.href, '_blank', 'noopener,noreferrer');
      }
      return;
    }
    if (!preview && anchor.target && anchor.target !== '_self') return;
    event.preventDefault();
    const to = url.pathname + url.search + url.hash;
    // In the mobile preview navigation targets carry the mobile-builder marker (spec §2).
    const target = engine.mode === 'mobile' ? (mobilePreviewTarget(to) ?? to) : to;
    engine.navigate(target, { push: true, notify: true });
  });
}
