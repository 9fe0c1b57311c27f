import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { ProjectCard } from '../components/ProjectCard.tsx';
import { PromptBox } from '../components/PromptBox.tsx';
import { createProject } from '../queries.ts';
import { navigate } from '../router.ts';
import { useProjects } from '../use-projects.ts';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';

function greeting(hour: number): string {
  if (hour < 5) return 'Working late';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function DashboardPage() {
  useTitle('Dashboard');
  const { me } = useSession();
  const { projects, error: listError } = useProjects();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstName = me?.displayName.trim().split(/\s+/)[0] || me?.username || '';

  async function create(prompt: string) {
    setBusy(true);
    setError(null);
    try {
      const project = await createProject(prompt);
      navigate(`/projects/${encodeURIComponent(project.id)}`);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <AppHeader />
      <main className="dashboard">
        <section className="hero">
          <h1>
            {greeting(new Date().getHours())}
            {firstName ? `, ${firstName}` : ''}
          </h1>
          <p className="hero-sub">What do you want to build today?</p>
          <PromptBox onSubmit={create} busy={busy} error={error} />
        </section>

        <section className="projects" aria-labelledby="projects-heading">
          <div className="section-head">
            <h2 id="projects-heading">Your projects</h2>
            {projects && projects.length > 0 ? <span className="muted">{projects.length}</span> : null}
          </div>
          <FormAlert message={listError} />
          {projects === null && !listError ? (
            <ul className="project-grid" aria-busy="true">
              {[0, 1, 2].map((n) => (
                <li key={n} className="project-card skeleton" />
              ))}
            </ul>
          ) : projects && projects.length === 0 ? (
            <div className="empty-state empty-state-inline">
              <span className="empty-icon" aria-hidden="true">
                <FolderOpen size={20} />
              </span>
              <p>No projects yet. Describe your first app above and Kiln will build it.</p>
            </div>
          ) : (
            <ul className="project-grid">
              {projects?.map((project) => (
                <ProjectCard key={project.id} project={project} />
              ))}
            </ul>
          )}
        </section>
      </main>
    </div>
  );
}
