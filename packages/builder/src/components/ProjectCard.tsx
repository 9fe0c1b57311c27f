import { Link } from '@tanstack/react-router';
import { Copy, FolderInput, GitFork, Globe, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { timeAgo } from '../format-time.ts';
import { cn } from '../lib/cn.ts';
import type { ProjectSummary } from '../queries.ts';
import { ActionMenu } from './ActionMenu.tsx';
import { StatusPill } from './StatusPill.tsx';
import { buttonVariants } from './ui/button.tsx';

export type ProjectAction = 'rename' | 'move' | 'duplicate' | 'fork' | 'delete';

/** One project on the dashboard; the card opens its workspace, its menu manages it (EDITOR and up). */
export function ProjectCard({
  project,
  canEdit,
  onAction,
}: {
  project: ProjectSummary;
  canEdit: boolean;
  onAction: (action: ProjectAction, project: ProjectSummary) => void;
}) {
  const published = project.publish.status === 'PUBLISHED' && project.publish.url;
  const act = (action: ProjectAction) => () => onAction(action, project);
  return (
    <li className="relative">
      <Link
        to="/projects/$projectId"
        params={{ projectId: project.id }}
        className="flex h-full gap-3.5 rounded-lg border border-border bg-surface p-4 pr-12 text-inherit shadow-sm transition-[border-color,box-shadow,translate] duration-[120ms,160ms,160ms] ease-[ease] hover:-translate-y-px hover:border-border-strong hover:no-underline hover:shadow-md"
      >
        <span
          className="grid size-11 flex-none place-items-center rounded-[12px] bg-accent-soft font-display text-[18px] font-bold text-accent-strong"
          aria-hidden="true"
        >
          {project.name.trim().charAt(0).toUpperCase() || 'K'}
        </span>
        <span className="flex min-w-0 flex-col gap-2">
          <span className="truncate text-[15px] font-semibold text-ink">{project.name}</span>
          <span className="flex items-center gap-2.5 text-[12px]">
            <StatusPill status={project.latestRevision?.status} />
            <span className="text-muted">{timeAgo(project.createdAt)}</span>
          </span>
          {published ? (
            <span className="flex min-w-0 items-center gap-1.5 text-[12px] whitespace-nowrap text-text-2 [&>svg]:flex-none">
              <Globe size={13} aria-hidden="true" />
              <span className="min-w-0 truncate">{project.publish.url}</span>
            </span>
          ) : (
            <span className="flex min-w-0 items-center gap-1.5 text-[12px] whitespace-nowrap text-muted">
              Not published
            </span>
          )}
        </span>
      </Link>
      <div className="absolute top-2.5 right-2.5">
        <ActionMenu
          className={cn(
            buttonVariants({ variant: 'ghost', size: 'icon' }),
            'size-[30px] text-muted hover:text-ink',
          )}
          label={`Actions for ${project.name}`}
          trigger={<MoreHorizontal size={16} aria-hidden="true" />}
          actions={[
            ...(canEdit
              ? [
                  { label: 'Rename', icon: <Pencil size={14} aria-hidden="true" />, onSelect: act('rename') },
                  {
                    label: 'Move to group',
                    icon: <FolderInput size={14} aria-hidden="true" />,
                    onSelect: act('move'),
                  },
                  {
                    label: 'Duplicate',
                    icon: <Copy size={14} aria-hidden="true" />,
                    onSelect: act('duplicate'),
                  },
                ]
              : []),
            { label: 'Fork to…', icon: <GitFork size={14} aria-hidden="true" />, onSelect: act('fork') },
            ...(canEdit
              ? [
                  {
                    label: 'Delete',
                    icon: <Trash2 size={14} aria-hidden="true" />,
                    danger: true,
                    separated: true,
                    onSelect: act('delete'),
                  },
                ]
              : []),
          ]}
        />
      </div>
    </li>
  );
}
