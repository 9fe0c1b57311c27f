import { TriangleAlert } from 'lucide-react';
import { moduleKind } from '../module-kinds.ts';
import type { Module } from '../queries.ts';

/** Every module of the revision, in the server's order; selecting one shows its code. */
export function ModuleList({
  modules,
  selected,
  errors,
  generating,
  onSelect,
  viewers = {},
}: {
  modules: Module[];
  selected: string | null;
  errors: Record<string, string>;
  generating: boolean;
  onSelect: (filePath: string) => void;
  /** Other members' names by the module they have selected (presence). Default none. */
  viewers?: Record<string, string[]>;
}) {
  return (
    <nav className="module-list" aria-label="Modules">
      <div className="panel-head">
        <h2>Modules</h2>
        {modules.length ? <span className="count">{modules.length}</span> : null}
      </div>
      {modules.length === 0 ? (
        <p className="module-empty muted">
          {generating ? 'Modules appear here as Kiln writes them.' : 'No modules yet.'}
        </p>
      ) : (
        <ul>
          {modules.map((module) => {
            const { icon: Icon, label } = moduleKind(module.moduleType);
            const error = errors[module.filePath];
            const here = viewers[module.filePath] ?? [];
            return (
              <li key={module.filePath}>
                <button
                  type="button"
                  className="module-item"
                  aria-current={selected === module.filePath ? 'true' : undefined}
                  title={module.filePath}
                  onClick={() => onSelect(module.filePath)}
                >
                  <span className="module-icon" title={label}>
                    <Icon size={15} aria-hidden="true" />
                  </span>
                  <span className="module-text">
                    <span className="module-name">{module.name}</span>
                    {module.route ? <span className="module-route">{module.route}</span> : null}
                  </span>
                  {here.length ? (
                    <span
                      className="module-viewers"
                      data-testid="module-viewers"
                      title={`Selected by ${here.join(', ')}`}
                      role="img"
                      aria-label={`Selected by ${here.join(', ')}`}
                    >
                      {here.map((name) => name.trim()[0]?.toUpperCase() ?? '?').join('')}
                    </span>
                  ) : null}
                  {error ? (
                    <span className="module-error" title={error} role="img" aria-label="Render error">
                      <TriangleAlert size={14} aria-hidden="true" />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
