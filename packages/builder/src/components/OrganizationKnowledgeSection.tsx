import { useCallback } from 'react';
import { fetchOrganizationPlanSettings, updateOrganizationKnowledge } from '../plan-queries.ts';
import { queryKeys } from '../query-client.ts';
import { KnowledgeSection } from './KnowledgeSection.tsx';

/** Organisation settings → Knowledge: every member reads it, ADMIN and up change it. */
export function OrganizationKnowledgeSection({
  organizationId,
  canEdit,
}: {
  organizationId: string;
  canEdit: boolean;
}) {
  const load = useCallback(async () => {
    const s = await fetchOrganizationPlanSettings(organizationId);
    return { text: s?.knowledge ?? '' };
  }, [organizationId]);
  const save = useCallback(
    (text: string) => updateOrganizationKnowledge(organizationId, text),
    [organizationId],
  );
  return (
    <KnowledgeSection
      scope="organization"
      canEdit={canEdit}
      queryKey={queryKeys.organizationSection(organizationId, 'knowledge')}
      load={load}
      save={save}
    />
  );
}
