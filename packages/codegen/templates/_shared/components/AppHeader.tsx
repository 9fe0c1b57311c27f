import { KilnIcon } from 'lucide-react';

export default function AppHeader() {
  const navLinks = [
    kiln.navLinks,
  ];
  const current = typeof window === 'undefined' ? '/' : window.location.pathname;

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/80 backdrop-blur">
      <div className="mx-auto flex kiln-maxWidth items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <a href="/" className="flex items-center gap-2.5 font-semibold tracking-tight text-slate-900">
          <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-kiln-hue-600 text-white shadow-sm shadow-kiln-hue-600/30">
            <KilnIcon className="h-5 w-5" aria-hidden="true" />
          </span>
          <span className="text-lg">kiln-titleText</span>
        </a>
        {navLinks.length > 1 && (
          <nav className="flex items-center gap-1 overflow-x-auto text-sm">
            {navLinks.map((link) => (
              <a
                key={link.href}
                href={link.href}
                className={
                  current === link.href
                    ? 'rounded-lg bg-kiln-hue-50 px-3 py-2 font-medium text-kiln-hue-700'
                    : 'rounded-lg px-3 py-2 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                }
              >
                {link.label}
              </a>
            ))}
          </nav>
        )}
      </div>
    </header>
  );
}
