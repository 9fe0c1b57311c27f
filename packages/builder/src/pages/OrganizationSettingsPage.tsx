import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { AppHeader } from '../components/AppHeader.tsx';
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
    <div className="min-h-full">
      <AppHeader />
      <main className="mx-auto max-w-[1080px] px-6 pt-10 pb-24">
        <header className="mb-7 flex flex-col gap-1.5">
          <Link to="/" className="mb-1.5 inline-flex items-center gap-1.5 self-start text-[13px] text-text-2">
            <ArrowLeft size={15} aria-hidden="true" />
            Projects
          </Link>
          <h1 className="text-[28px]">{organization.name}</h1>
          <p className="text-muted">
            {organization.personal ? 'Your personal organisation' : 'Organisation'} · you are{' '}
            {organization.role.toLowerCase()}
          </p>
        </header>
        <div className="grid grid-cols-[180px_minmax(0,1fr)] items-start gap-8 max-[860px]:grid-cols-1">
          <nav
            className="sticky top-[calc(var(--header-h)+24px)] flex flex-col gap-0.5 max-[860px]:static max-[860px]:flex-row max-[860px]:flex-wrap"
            aria-label="Settings sections"
          >
            {SECTIONS.filter((s) => !('min' in s) || atLeast(organization.role, s.min)).map((section) => (
              // Router links, not bare `#id` anchors: the browser's own hash entries carry no history key,
              // so Back could not restore their scroll position.
              <Link
                key={section.id}
                to="/organizations/$organizationId/settings"
                params={{ organizationId: organization.id }}
                hash={section.id}
                activeOptions={{ includeHash: true }}
                className="rounded-sm px-2.5 py-[7px] font-medium text-text-2 hover:bg-surface-2 hover:text-ink hover:no-underline"
              >
                {section.label}
              </Link>
            ))}
          </nav>
          <div className="flex min-w-0 flex-col gap-6">
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
