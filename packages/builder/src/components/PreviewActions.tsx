import { ExternalLink, Link2, RotateCw } from 'lucide-react';
import { previewLink } from '../preview-link.ts';
import { useToast } from '../use-toast.ts';
import { Segment, Segmented, segmentClasses } from './ui/segmented.tsx';

/**
 * The preview toolbar's Open in a new tab, Copy link (the preview at the current route, "Link copied") and
 * Reload (the preview starts afresh at the current route). Named icon buttons, each its own Tab stop.
 */
export function PreviewActions({
  projectId,
  route,
  onReload,
}: {
  projectId: string;
  route: string;
  onReload: () => void;
}) {
  const toast = useToast();
  const link = previewLink(location.origin, projectId, route);
  function copy() {
    const done = () => toast('Link copied');
    const failed = () => toast('Could not copy the link; use Open in a new tab instead.', 'error');
    if (!navigator.clipboard) failed();
    else navigator.clipboard.writeText(link).then(done, failed);
  }
  return (
    <Segmented role="group" aria-label="Preview actions">
      <a
        className={segmentClasses}
        href={link}
        target="_blank"
        rel="noopener"
        aria-label="Open in a new tab"
        title="Open in a new tab"
      >
        <ExternalLink size={15} aria-hidden="true" />
      </a>
      <Segment type="button" aria-label="Copy link" title="Copy a link to this page" onClick={copy}>
        <Link2 size={15} aria-hidden="true" />
      </Segment>
      <Segment type="button" aria-label="Reload preview" title="Reload at this page" onClick={onReload}>
        <RotateCw size={15} aria-hidden="true" />
      </Segment>
    </Segmented>
  );
}
