import { Globe } from 'lucide-react';
import { timeAgo } from '../format-time.ts';
import type { ProjectSummary } from '../queries.ts';
import { Link } from './Link.tsx';
import { StatusPill } from './StatusPill.tsx';

/** One project on the dashboard; the whole card opens its workspace. */
export function ProjectCard({ project }: { project: ProjectSummary }) {
  const published = project.publish.status === 'PUBLISHED' && project.publish.url;
  return (
    <li>
      <Link href={`/projects/${encodeURIComponent(project.id)}`} className="project-card">
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
    </li>
  );
}
