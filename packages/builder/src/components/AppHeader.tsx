import { Link } from '@tanstack/react-router';
import { Logo } from './Logo.tsx';
import { OrganizationSwitcher } from './OrganizationSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';
import { VerifyBanner } from './VerifyBanner.tsx';

/** The top bar of the dashboard and settings screens: product, organisation switcher, user. */
export function AppHeader() {
  return (
    <>
      <header className="app-header">
        <div className="app-header-left">
          <Link to="/" className="logo-link" aria-label="Kiln home">
            <Logo />
          </Link>
          <span className="header-divider" aria-hidden="true">
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
