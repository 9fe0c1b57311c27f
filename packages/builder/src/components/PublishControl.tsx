import { ExternalLink, Rocket } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../lib/cn.ts';
import { Spinner } from './Spinner.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';

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
    <div className="flex min-w-0 items-center gap-3.5">
      {url ? (
        <span className="inline-flex min-w-0 items-center gap-[7px] text-[13px]">
          <span
            className={cn(
              'size-2 flex-none rounded-full',
              freshness === 'HAS_UPDATES'
                ? 'bg-warn shadow-[0_0_0_3px_var(--warn-soft)]'
                : 'bg-ok shadow-[0_0_0_3px_var(--ok-soft)]',
            )}
            aria-hidden="true"
          />
          <a
            data-testid="published-url"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="truncate font-medium max-[860px]:max-w-[180px]"
          >
            {url}
          </a>
          <ExternalLink size={13} aria-hidden="true" className="text-muted" />
          {freshness === 'HAS_UPDATES' ? <Badge variant="warn">Unpublished changes</Badge> : null}
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
      <Button
        type="button"
        variant="primary"
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
      </Button>
    </div>
  );
}
