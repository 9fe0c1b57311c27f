import { ArrowLeft } from 'lucide-react';
import { AppHeader } from '../components/AppHeader.tsx';
import { Link } from '../components/Link.tsx';
import { OrganizationCredits } from '../components/OrganizationCredits.tsx';
import { OrganizationExpertModel } from '../components/OrganizationExpertModel.tsx';
import { OrganizationGeneral } from '../components/OrganizationGeneral.tsx';
import { OrganizationImageModel } from '../components/OrganizationImageModel.tsx';
import { OrganizationKnowledgeSection } from '../components/OrganizationKnowledgeSection.tsx';
import { OrganizationMembers } from '../components/OrganizationMembers.tsx';
import { OrganizationModel } from '../components/OrganizationModel.tsx';
import { OrganizationWebSearch } from '../components/OrganizationWebSearch.tsx';
import { ServerUnavailable } from '../components/ServerUnavailable.tsx';
import { Splash } from '../components/Splash.tsx';
import { atLeast } from '../roles.ts';
import { useOrganization } from '../use-organization.ts';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

const SECTIONS = [
  { id: 'general', label: 'General' },
  { id: 'members', label: 'Members' },
  { id: 'plan', label: 'Plan & credits' },
  { id: 'knowledge', label: 'Knowledge' },
  { id: 'model', label: 'Model', min: 'ADMIN' },
  { id: 'expert-model', label: 'Expert model', min: 'ADMIN' },
  { id: 'image-model', label: 'Image model', min: 'ADMIN' },
  { id: 'web-search', label: 'Web search', min: 'ADMIN' },
] as const;

/**
 * `/organizations/:id/settings`: name, members and invitations, plan and credits, the model (ADMIN and up).
 * Every section reads through TanStack Query (`use-organization.ts`), so the page recovers by itself when
 * the network returns.
 */
export function OrganizationSettingsPage({ organizationId }: { organizationId: string }) {
  const session = useSession();
  const listed = session.organizations.find((o) => o.id === organizationId);
  const { state, reload } = useOrganization(organizationId, atLeast(listed?.role, 'ADMIN'));
  useTitle(state.status === 'ready' ? `${state.organization.name} settings` : 'Organisation settings');

  if (state.status === 'loading') return <Splash />;
  if (state.status === 'missing') {
    return (
      <NotFoundPage
        title="Organisation not found"
        message="This organisation does not exist, or you are not one of its members."
      />
    );
  }
  if (state.status === 'error')
    return <ServerUnavailable message={state.message} onRetry={() => void reload()} />;

  const { organization } = state;
  return (
    <div className="page">
      <AppHeader />
      <main className="settings">
        <header className="settings-head">
          <Link href="/" className="back-link">
            <ArrowLeft size={15} aria-hidden="true" />
            Projects
          </Link>
          <h1>{organization.name}</h1>
          <p className="muted">
            {organization.personal ? 'Your personal organisation' : 'Organisation'} · you are{' '}
            {organization.role.toLowerCase()}
          </p>
        </header>
        <div className="settings-layout">
          <nav className="settings-nav" aria-label="Settings sections">
            {SECTIONS.filter((s) => !('min' in s) || atLeast(organization.role, s.min)).map((section) => (
              <a key={section.id} href={`#${section.id}`}>
                {section.label}
              </a>
            ))}
          </nav>
          <div className="settings-sections">
            <OrganizationGeneral organization={organization} />
            <OrganizationMembers organization={organization} />
            <OrganizationCredits organization={organization} />
            <OrganizationKnowledgeSection
              organizationId={organization.id}
              canEdit={atLeast(organization.role, 'ADMIN')}
            />
            {atLeast(organization.role, 'ADMIN') ? (
              <>
                <OrganizationModel organizationId={organization.id} />
                <OrganizationExpertModel organizationId={organization.id} />
                <OrganizationImageModel organizationId={organization.id} />
                <OrganizationWebSearch organizationId={organization.id} />
              </>
            ) : null}
          </div>
        </div>
      </main>
    </div>
  );
}
