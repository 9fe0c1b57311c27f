import { Database, Ellipsis, Pencil, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn.ts';
import { moduleKind } from '../module-kinds.ts';
import type { Module } from '../queries.ts';
import { ActionMenu } from './ActionMenu.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { NameDialog } from './NameDialog.tsx';
import { Count } from './ui/badge.tsx';
import { buttonVariants } from './ui/button.tsx';

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
    <nav className="module-list flex min-h-0 flex-col bg-bg" aria-label="Modules">
      <div className="flex h-[52px] items-center justify-between border-b border-border px-4">
        <h2 className="font-sans text-[12px] font-semibold tracking-[0.06em] text-text-2 uppercase">
          Modules
        </h2>
        <span className="flex items-center gap-1.5">
          {modules.length ? <Count>{modules.length}</Count> : null}
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
        <p className="p-4 text-[13px] text-muted">
          {generating ? 'Modules appear here as Kiln writes them.' : 'No modules yet.'}
        </p>
      ) : (
        <ul className="m-0 flex-1 list-none overflow-y-auto p-2">
          {modules.map((module) => {
            const { icon: Icon, label } = moduleKind(module.moduleType);
            const error = errors[module.filePath];
            const unsaved = dirty?.(module.filePath) ?? false;
            const here = viewers[module.filePath] ?? [];
            return (
              <li key={module.filePath} className="flex items-center gap-0.5">
                <button
                  type="button"
                  className="flex w-full cursor-pointer items-center gap-[9px] rounded-sm border-0 bg-transparent px-2 py-[7px] text-left font-sans text-[14px] leading-normal text-text hover:bg-surface-2 aria-[current=true]:bg-surface aria-[current=true]:shadow-[inset_2px_0_0_var(--accent),var(--shadow-sm)]"
                  aria-current={selected === module.filePath ? 'true' : undefined}
                  title={module.filePath}
                  onClick={() => onSelect(module.filePath)}
                >
                  <span
                    className="grid size-[26px] flex-none place-items-center rounded-[7px] border border-border bg-surface text-text-2"
                    title={label}
                  >
                    <Icon size={15} aria-hidden="true" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-[13px] font-[550] text-ink">
                      {module.name}
                      {unsaved ? (
                        <span className="text-accent" title="Unsaved changes">
                          {' '}
                          ●<span className="sr-only">(unsaved changes)</span>
                        </span>
                      ) : null}
                    </span>
                    {module.route ? (
                      <span className="truncate font-mono text-[11px] text-muted">{module.route}</span>
                    ) : null}
                  </span>
                  {here.length ? (
                    <span
                      className="grid h-5 min-w-5 flex-none place-items-center rounded-full bg-accent-soft px-1 text-[10px] font-bold text-accent-strong"
                      data-testid="module-viewers"
                      title={`Selected by ${here.join(', ')}`}
                      role="img"
                      aria-label={`Selected by ${here.join(', ')}`}
                    >
                      {here.map((name) => name.trim()[0]?.toUpperCase() ?? '?').join('')}
                    </span>
                  ) : null}
                  {error ? (
                    <span
                      className="grid size-[22px] flex-none place-items-center rounded-[6px] bg-error-soft text-error"
                      title={error}
                      role="img"
                      aria-label="Render error"
                    >
                      <TriangleAlert size={14} aria-hidden="true" />
                    </span>
                  ) : null}
                </button>
                {actions ? (
                  <ActionMenu
                    label={`Actions for ${module.name}`}
                    className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'module-menu')}
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
