/**
 * @module Focus after a navigation. A screen that focuses a field of its own (sign-in, the dashboard's prompt)
 * keeps it; otherwise the element that had the focus (the link or menu item just used) is gone with the old
 * screen, and the browser would go on Tabbing from wherever it was on the page. As after a page load, Tab
 * then starts again from the top: the skip link first.
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

export function useNavigationFocus(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', ({ pathChanged }) => {
        if (!pathChanged) return;
        const active = document.activeElement;
        if (active && active !== document.body) return;
        // The body holds the focus (without a ring) until the next Tab moves it on, to the skip link.
        const body = document.body;
        body.setAttribute('tabindex', '-1');
        body.style.outline = 'none';
        body.addEventListener(
          'blur',
          () => {
            body.removeAttribute('tabindex');
            body.style.removeProperty('outline');
          },
          { once: true },
        );
        body.focus({ preventScroll: true });
      }),
    [router],
  );
}
