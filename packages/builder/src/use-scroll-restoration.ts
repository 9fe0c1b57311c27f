/**
 * @module Back and Forward return to where a screen was scrolled, also when the screen loads its data after it
 * renders. TanStack Router (`scrollRestoration: true`) restores the window's scroll once, as the screen
 * renders; a screen still showing its spinner then is too short, and the browser clamps the position to the
 * top. This hook keeps the saved position as the page grows, for a few seconds, until the person scrolls.
 */
import { useElementScrollRestoration, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

/** How long a returning screen may take to grow tall enough for its saved position. */
const PATIENCE_MS = 5000;
/** The person taking over: their own scrolling wins. */
const INPUT_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

export function useScrollRestoration(): void {
  // One history entry is one key; a new entry has no saved position.
  const entry = useLocation({ select: (location) => location.state.__TSR_key ?? location.href });
  const saved = useElementScrollRestoration({ getElement: () => window });
  const top = saved?.scrollY ?? 0;
  const left = saved?.scrollX ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `entry` restarts the wait on every navigation.
  useEffect(() => {
    if (top <= 0) return;
    // Checked once a frame: cheap, and it needs to know nothing of which part of the screen grows.
    let frame = requestAnimationFrame(function attempt() {
      if (document.documentElement.scrollHeight - window.innerHeight >= top) {
        window.scrollTo({ top, left });
        stop();
      } else frame = requestAnimationFrame(attempt);
    });
    const timer = setTimeout(() => stop(), PATIENCE_MS);
    function stop() {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, stop);
    }
    for (const type of INPUT_EVENTS) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [entry, top, left]);
}
