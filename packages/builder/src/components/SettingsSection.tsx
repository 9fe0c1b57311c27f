import type { ReactNode } from 'react';

/** One card of a settings page, reachable as `#id`. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className="flex scroll-mt-[calc(var(--header-h)+16px)] flex-col gap-[18px] rounded-lg border border-border bg-surface p-6 shadow-sm"
      aria-labelledby={`${id}-heading`}
    >
      <header className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="text-[18px]">
          {title}
        </h2>
        {description ? <p className="text-muted">{description}</p> : null}
      </header>
      {children}
    </section>
  );
}
