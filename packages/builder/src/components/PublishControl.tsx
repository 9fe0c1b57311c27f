import { ExternalLink, Rocket } from 'lucide-react';
import { useId } from 'react';
import { Spinner } from './Spinner.tsx';

/** The Publish button and, once published, the live URL. */
export function PublishControl({
  url,
  freshness,
  disabledReason,
  publishing,
  onPublish,
}: {
  url: string | null;
  freshness: string;
  /** Why publishing is not possible now, or null. */
  disabledReason: string | null;
  publishing: boolean;
  onPublish: () => void;
}) {
  const reasonId = useId();
  return (
    <div className="publish">
      {url ? (
        <span className="published">
          <span
            className={`live-dot ${freshness === 'HAS_UPDATES' ? 'live-dot-stale' : ''}`}
            aria-hidden="true"
          />
          <a
            data-testid="published-url"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="published-url"
          >
            {url}
          </a>
          <ExternalLink size={13} aria-hidden="true" className="muted" />
          {freshness === 'HAS_UPDATES' ? <span className="badge badge-warn">Unpublished changes</span> : null}
        </span>
      ) : null}
      {disabledReason ? (
        <span
          id={reasonId}
          className="hidden max-w-56 truncate text-xs text-muted lg:inline"
          title={disabledReason}
        >
          {disabledReason}
        </span>
      ) : null}
      {/* aria-disabled while publishing, so the button keeps keyboard focus through the seconds it takes. */}
      <button
        type="button"
        className="button button-primary"
        disabled={disabledReason !== null}
        aria-disabled={publishing || undefined}
        aria-describedby={disabledReason ? reasonId : undefined}
        title={disabledReason ?? (url ? 'Publish the latest revision' : 'Put this app on the web')}
        onClick={() => {
          if (!publishing) onPublish();
        }}
      >
        {publishing ? <Spinner /> : <Rocket size={15} aria-hidden="true" />}
        {publishing ? 'Publishing…' : 'Publish'}
      </button>
    </div>
  );
}
