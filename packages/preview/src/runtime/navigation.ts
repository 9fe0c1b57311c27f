/**
 * Where the app is: the current route, moving between routes (in memory in the preview, with a back stack;
 * through the history in a published app), scrolling to an anchor or to the top. Which page a route shows is
 * `pages.ts`.
 * @module
 */

import type { PreviewMode, PreviewToBuilder } from '../protocol.ts';
import { SCREEN_ATTRIBUTE } from './device-frame.tsx';

/** What navigation needs from the engine. */
export interface NavigationHost {
  readonly kind: 'preview' | 'app';
  readonly mode: PreviewMode;
  readonly container: HTMLElement;
  post(message: PreviewToBuilder): void;
  /** Renders the current route. */
  render(): void;
}

export class Navigation {
  /** The current route with its query (`/todos?x=1`), without its hash. */
  route = '/';
  private readonly backStack: string[] = [];

  constructor(private readonly host: NavigationHost) {}

  /** Goes back one route: the browser history in a published app, the preview's own stack in the preview. */
  back(): void {
    if (this.host.kind === 'app') history.back();
    else {
      const previous = this.backStack.pop();
      if (previous !== undefined) this.navigate(previous, { push: false, notify: true });
    }
  }

  /** Shows another route: in the preview in memory, in a published app through the history. */
  navigate(to: string, opts: { push: boolean; notify: boolean }): void {
    const route = to.startsWith('/') ? to : `/${to}`;
    const [pathAndQuery, hash] = route.split('#', 2) as [string, string | undefined];
    const changed = pathAndQuery !== this.route;
    if (changed && opts.push && this.host.kind === 'preview') this.backStack.push(this.route);
    this.route = pathAndQuery;
    if (this.host.kind === 'app' && opts.push) history.pushState(null, '', route);
    if (changed) {
      this.host.render();
      if (opts.notify) this.host.post({ kind: 'kiln:route', route: this.route });
    }
    if (hash) requestAnimationFrame(() => this.scrollToAnchor(hash));
    else if (changed) this.scrollContainer().scrollTo?.(0, 0);
  }

  /** What scrolls: the window of a published app, the phone's screen in the mobile preview, else the root. */
  private scrollContainer(): Window | Element {
    if (this.host.kind === 'app') return window;
    return (
      (this.host.mode === 'mobile' && this.host.container.querySelector(`[${SCREEN_ATTRIBUTE}]`)) ||
      this.host.container
    );
  }

  scrollToAnchor(id: string): void {
    const decoded = decodeURIComponent(id);
    const target =
      this.host.container.querySelector<HTMLElement>(`#${CSS.escape(decoded)}`) ??
      this.host.container.querySelector(`[name="${CSS.escape(decoded)}"]`);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }
}
