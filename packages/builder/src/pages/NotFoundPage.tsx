import { Link } from '@tanstack/react-router';
import { Compass } from 'lucide-react';
import { Logo } from '../components/Logo.tsx';
import { buttonVariants } from '../components/ui/button.tsx';
import { cn } from '../lib/cn.ts';
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
    <main className="grid min-h-full place-items-center p-8">
      <div className="flex max-w-[420px] flex-col items-center gap-3 text-center text-text-2">
        <Link to="/" className="mb-7 hover:no-underline">
          <Logo />
        </Link>
        <span
          className="grid size-12 place-items-center rounded-lg border border-border bg-surface text-accent-strong shadow-sm"
          aria-hidden="true"
        >
          <Compass size={22} />
        </span>
        <h1 className="mt-1 text-[24px]">{title}</h1>
        <p>{message}</p>
        <Link to="/" className={cn(buttonVariants({ variant: 'primary' }), 'mt-2')}>
          Back to your projects
        </Link>
      </div>
    </main>
  );
}
