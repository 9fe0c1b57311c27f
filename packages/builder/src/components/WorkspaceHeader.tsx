import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusPill } from './StatusPill.tsx';
import { Badge } from './ui/badge.tsx';
import { buttonVariants } from './ui/button.tsx';

/** The workspace's top bar: back, project name and status, and the publish controls. */
export function WorkspaceHeader({
  name,
  status,
  readOnly = false,
  presence,
  children,
}: {
  name: string;
  status: string | null | undefined;
  /** The user only views this project. Default false. */
  readOnly?: boolean;
  /** Who else has the project open (PresenceAvatars). */
  presence?: ReactNode;
  children: ReactNode;
}) {
  return (
    <header className="flex h-header flex-none items-center justify-between gap-4 border-b border-border bg-surface pr-4 pl-2.5 max-[860px]:pr-2.5">
      <div className="flex min-w-0 items-center gap-2.5">
        <Link
          to="/"
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          aria-label="All projects"
          title="All projects"
        >
          <ArrowLeft size={16} aria-hidden="true" />
        </Link>
        <h1 className="truncate text-[15px]">{name}</h1>
        <StatusPill status={status} />
        {readOnly ? <Badge>View only</Badge> : null}
        {presence}
      </div>
      {children}
    </header>
  );
}
