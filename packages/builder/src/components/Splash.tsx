import { Logo } from './Logo.tsx';

/** Shown for the instant before the session is known. */
export function Splash() {
  return (
    <div className="grid h-full animate-fade-in place-items-center" aria-busy="true">
      <Logo />
    </div>
  );
}
