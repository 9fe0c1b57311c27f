import { Link } from '@tanstack/react-router';
import { Compass } from 'lucide-react';
import { Logo } from '../components/Logo.tsx';
import { useTitle } from '../use-title.ts';

/** A friendly dead end with a way back; used for unknown routes and unknown projects. */
export function NotFoundPage({
  title = 'Page not found',
  message = 'There is nothing at this address. It may have moved, or the link may be mistyped.',
}: {
  title?: string;
  message?: string;
}) {
  useTitle(title);
  return (
    <main className="centered-page">
      <div className="empty-state">
        <Link to="/" className="logo-link">
          <Logo />
        </Link>
        <span className="empty-icon" aria-hidden="true">
          <Compass size={22} />
        </span>
        <h1>{title}</h1>
        <p>{message}</p>
        <Link to="/" className="button button-primary">
          Back to your projects
        </Link>
      </div>
    </main>
  );
}
