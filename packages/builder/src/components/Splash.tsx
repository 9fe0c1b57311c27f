import { Logo } from './Logo.tsx';

/** Shown for the instant before the session is known. */
export function Splash() {
  return (
    <div className="splash" aria-busy="true">
      <Logo />
    </div>
  );
}
