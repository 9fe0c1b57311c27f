import { Link } from '@tanstack/react-router';
import { Copy, FolderInput, GitFork, Globe, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { timeAgo } from '../format-time.ts';
import type { ProjectSummary } from '../queries.ts';
import { ActionMenu } from './ActionMenu.tsx';
import { StatusPill } from './StatusPill.tsx';

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
    <li className="project-card-item">
      <Link to="/projects/$projectId" params={{ projectId: project.id }} className="project-card">
        <span className="project-thumb" aria-hidden="true">
          {project.name.trim().charAt(0).toUpperCase() || 'K'}
        </span>
        <span className="project-card-body">
          <span className="project-card-name">{project.name}</span>
          <span className="project-card-meta">
            <StatusPill status={project.latestRevision?.status} />
            <span className="muted">{timeAgo(project.createdAt)}</span>
          </span>
          {published ? (
            <span className="project-card-url">
              <Globe size={13} aria-hidden="true" />
              <span className="ellipsis">{project.publish.url}</span>
            </span>
          ) : (
            <span className="project-card-url muted">Not published</span>
          )}
        </span>
      </Link>
      <div className="project-card-menu">
        <ActionMenu
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
