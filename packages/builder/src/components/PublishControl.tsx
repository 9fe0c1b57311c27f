import { ExternalLink, Rocket } from 'lucide-react';
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
      <button
        type="button"
        className="button button-primary"
        disabled={disabledReason !== null || publishing}
        title={disabledReason ?? (url ? 'Publish the latest revision' : 'Put this app on the web')}
        onClick={onPublish}
      >
        {publishing ? <Spinner /> : <Rocket size={15} aria-hidden="true" />}
        Publish
      </button>
    </div>
  );
}
