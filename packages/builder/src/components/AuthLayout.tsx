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
    <main className="grid min-h-full place-items-center bg-bg bg-[radial-gradient(900px_420px_at_50%_-120px,rgb(232_89_12/0.1),transparent_70%)] px-5 py-12">
      <div className="flex w-full max-w-[400px] flex-col items-center gap-6">
        <Logo size="lg" />
        <section className="w-full rounded-xl border border-border bg-surface p-8 shadow-lg">
          <header className="mb-6">
            <h1 className="text-[22px]">{title}</h1>
            <p className="mt-1.5 text-text-2">{subtitle}</p>
          </header>
          {children}
        </section>
        <p className="text-text-2">{footer}</p>
      </div>
    </main>
  );
}
