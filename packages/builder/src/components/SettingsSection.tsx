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
    <section id={id} className="settings-section" aria-labelledby={`${id}-heading`}>
      <header className="settings-section-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        {description ? <p className="muted">{description}</p> : null}
      </header>
      {children}
    </section>
  );
}
