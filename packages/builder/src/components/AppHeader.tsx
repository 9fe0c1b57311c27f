import { useSession } from '../use-session.ts';
import { Link } from './Link.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The dashboard's top bar: product, organisation, user. */
export function AppHeader() {
  const { organizations } = useSession();
  const organization = organizations[0];
  return (
    <header className="app-header">
      <div className="app-header-left">
        <Link href="/" className="logo-link" aria-label="Kiln home">
          <Logo />
        </Link>
        {organization ? (
          <>
            <span className="header-divider" aria-hidden="true">
              /
            </span>
            <span className="org-name">
              {organization.name}
              <span className="badge">{organization.plan}</span>
            </span>
          </>
        ) : null}
      </div>
      <UserMenu />
    </header>
  );
}
