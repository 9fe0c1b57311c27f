import type { ReactNode } from 'react';
import { Logo } from './Logo.tsx';

/** The calm, centred frame around the sign-in and sign-up forms. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className="auth-column">
        <Logo size="lg" />
        <section className="auth-card">
          <header className="auth-head">
            <h1>{title}</h1>
            <p>{subtitle}</p>
          </header>
          {children}
        </section>
        <p className="auth-footer">{footer}</p>
      </div>
    </main>
  );
}
