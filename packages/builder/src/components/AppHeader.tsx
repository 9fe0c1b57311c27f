import { Link } from '@tanstack/react-router';
import { Logo } from './Logo.tsx';
import { OrganizationSwitcher } from './OrganizationSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';
import { VerifyBanner } from './VerifyBanner.tsx';

/** The top bar of the dashboard and settings screens: product, organisation switcher, user. */
export function AppHeader() {
  return (
    <>
      <header className="sticky top-0 z-10 flex h-header items-center justify-between border-b border-border bg-header-bg px-6 backdrop-blur-[10px] max-[560px]:px-4">
        <div className="flex min-w-0 items-center gap-3">
          <Link to="/" className="hover:no-underline" aria-label="Kiln home">
            <Logo />
          </Link>
          <span className="text-[20px] font-light text-border-strong max-[560px]:hidden" aria-hidden="true">
            /
          </span>
          <OrganizationSwitcher />
        </div>
        <UserMenu />
      </header>
      <VerifyBanner />
    </>
  );
}
