import { useCallback } from 'react';
import { fetchProjectKnowledge, updateProjectKnowledge } from '../plan-queries.ts';
import { queryKeys } from '../query-client.ts';
import { KnowledgeSection } from './KnowledgeSection.tsx';

/** Project settings → Knowledge: the project's standing instructions, the organisation's shown above them. */
export function ProjectKnowledgeSection({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const load = useCallback(async () => {
    const k = await fetchProjectKnowledge(projectId);
    return { text: k?.knowledge ?? '', inherited: k?.organizationKnowledge ?? '' };
  }, [projectId]);
  const save = useCallback((text: string) => updateProjectKnowledge(projectId, text), [projectId]);
  return (
    <KnowledgeSection
      scope="project"
      canEdit={canEdit}
      queryKey={queryKeys.projectKnowledge(projectId)}
      load={load}
      save={save}
    />
  );
}
