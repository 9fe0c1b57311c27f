import { Database, Ellipsis, Pencil, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { moduleKind } from '../module-kinds.ts';
import type { Module } from '../queries.ts';
import { ActionMenu } from './ActionMenu.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { NameDialog } from './NameDialog.tsx';

/** The New menu: the module types made by hand, with the spec's default names (the server names the files). */
export const NEW_MODULES = [
  { moduleType: 'PAGE', label: 'New Page' },
  { moduleType: 'COMPONENT', label: 'New Component' },
  { moduleType: 'FUNCTION', label: 'New Function' },
  { moduleType: 'EXPO_PAGE', label: 'New Mobile Page' },
] as const;

/** What an editor may do to modules by hand; absent for viewers. */
export interface ModuleActions {
  onCreate: (moduleType: string) => Promise<void>;
  onRename: (filePath: string, newFilePath: string) => Promise<void>;
  onDelete: (filePath: string) => Promise<void>;
  /** Open the dialog that writes a database migration by hand. */
  onNewMigration?: () => void;
}

/** Every module of the revision, in the server's order; selecting one shows its code. */
export function ModuleList({
  modules,
  selected,
  errors,
  generating,
  onSelect,
  dirty,
  actions,
  viewers = {},
}: {
  modules: Module[];
  selected: string | null;
  errors: Record<string, string>;
  generating: boolean;
  onSelect: (filePath: string) => void;
  /** Whether a module has unsaved edits in the code editor. */
  dirty?: (filePath: string) => boolean;
  actions?: ModuleActions;
  /** Other members' names by the module they have selected (presence). Default none. */
  viewers?: Record<string, string[]>;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <nav className="module-list" aria-label="Modules">
      <div className="panel-head">
        <h2>Modules</h2>
        <span className="module-head-actions">
          {modules.length ? <span className="count">{modules.length}</span> : null}
          {actions ? (
            <ActionMenu
              label="New module"
              trigger={<Plus size={15} aria-hidden="true" />}
              actions={[
                ...NEW_MODULES.map(({ moduleType, label }) => ({
                  label,
                  icon: (() => {
                    const Icon = moduleKind(moduleType).icon;
                    return <Icon size={14} aria-hidden="true" />;
                  })(),
                  onSelect: () => void actions.onCreate(moduleType),
                })),
                ...(actions.onNewMigration
                  ? [
                      {
                        label: 'New Migration',
                        icon: <Database size={14} aria-hidden="true" />,
                        onSelect: actions.onNewMigration,
                      },
                    ]
                  : []),
              ]}
            />
          ) : null}
        </span>
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
            const unsaved = dirty?.(module.filePath) ?? false;
            const here = viewers[module.filePath] ?? [];
            return (
              <li key={module.filePath} className="module-row">
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
                    <span className="module-name">
                      {module.name}
                      {unsaved ? (
                        <span className="code-dirty" title="Unsaved changes">
                          {' '}
                          ●<span className="sr-only">(unsaved changes)</span>
                        </span>
                      ) : null}
                    </span>
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
                {actions ? (
                  <ActionMenu
                    label={`Actions for ${module.name}`}
                    className="button button-ghost button-icon module-menu"
                    trigger={<Ellipsis size={14} aria-hidden="true" />}
                    actions={[
                      {
                        label: 'Rename',
                        icon: <Pencil size={14} aria-hidden="true" />,
                        onSelect: () => setRenaming(module.filePath),
                      },
                      {
                        label: 'Delete',
                        danger: true,
                        icon: <Trash2 size={14} aria-hidden="true" />,
                        onSelect: () => setDeleting(module.filePath),
                      },
                    ]}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {actions && renaming ? (
        <NameDialog
          title="Rename module"
          label="File path"
          initial={renaming}
          submitLabel="Rename"
          onSubmit={(to) => actions.onRename(renaming, to)}
          onClose={() => setRenaming(null)}
        />
      ) : null}
      {actions && deleting ? (
        <ConfirmDialog
          title="Delete module"
          description={`Delete ${deleting}? This makes a new version without it; you can restore an earlier version from History.`}
          confirmLabel="Delete"
          danger
          onConfirm={() => actions.onDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </nav>
  );
}
