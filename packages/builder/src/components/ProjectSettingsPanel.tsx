import { DESIGN_SYSTEM_VISIBILITIES, ENVIRONMENTS, FONT_FAMILIES } from '@kiln/core';
import { Check, Copy, Link2, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { errorMessage } from '../api.ts';
import {
  type DesignSystem,
  fetchProjectSettings,
  type ProjectSettings,
  rotateProjectAccessLink,
  setProjectEnvironment,
  setProjectVisibility,
  updateDesignSystem,
} from '../settings-queries.ts';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { GitSection } from './GitSection.tsx';
import { ProjectKnowledgeSection } from './ProjectKnowledgeSection.tsx';
import { SecretsSection } from './SecretsSection.tsx';
import { Select } from './Select.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { FormItem, FormLabel, FormLabelRow } from './ui/field.tsx';
import { Input, Textarea } from './ui/input.tsx';
import { CopyRow, SettingsActions, SettingsForm, SettingsSubsection } from './ui/settings.tsx';
import { VisitorSignInSection } from './VisitorSignInSection.tsx';

const FONT_OPTIONS = [
  { value: '', label: 'Default' },
  ...FONT_FAMILIES.map((f) => ({ value: f.family, label: f.family })),
];
const ENVIRONMENT_LABELS: Record<string, string> = {
  DEVELOPMENT: 'Development',
  PREVIEW: 'Preview',
  PRODUCTION: 'Production',
};
const VISIBILITY_LABELS: Record<string, { label: string; hint: string }> = {
  PUBLIC: { label: 'Public', hint: 'Anyone with the address can open the published app.' },
  PRIVATE: {
    label: 'Private',
    hint: 'Only people with the private link can open it. Counts against the plan.',
  },
};

/** `#abc` → `#aabbcc`, for the native colour input (which only takes six digits). */
function sixDigits(hex: string): string {
  const h = hex.trim().toLowerCase();
  if (/^#[0-9a-f]{3}$/.test(h)) return `#${[...h.slice(1)].map((c) => c + c).join('')}`;
  return /^#[0-9a-f]{6}$/.test(h) ? h : '#000000';
}

/**
 * The project's Settings tab: design system (Tailwind config, fonts, named colours), environment and
 * visibility with the private link. Viewers see the values read-only; the server's refusals show verbatim.
 */
export function ProjectSettingsPanel({
  projectId,
  canEdit,
  onChanged,
}: {
  projectId: string;
  canEdit: boolean;
  /** Something the preview depends on changed (the design system): re-read the project. */
  onChanged: () => Promise<void>;
}) {
  const [settings, setSettings] = useState<ProjectSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setSettings(await fetchProjectSettings(projectId));
      setLoadError(null);
    } catch (caught) {
      setLoadError(errorMessage(caught));
    }
  }, [projectId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (loadError) {
    return (
      <div className="mx-auto flex w-full max-w-[760px] flex-col gap-5 p-5">
        <FormAlert message={loadError} />
      </div>
    );
  }
  if (!settings) {
    return (
      <div
        className="mx-auto flex w-full max-w-[760px] flex-col gap-5 p-5 items-center pt-16"
        aria-busy="true"
      >
        <Spinner />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-[760px] flex-col gap-5 p-5">
      {canEdit ? null : <p className="text-muted">Viewers can look but not change these settings.</p>}
      <DesignSystemSection
        key={`${settings.id}`}
        settings={settings}
        canEdit={canEdit}
        onSaved={async (next) => {
          setSettings(next);
          await onChanged();
        }}
      />
      <EnvironmentSection settings={settings} canEdit={canEdit} onSaved={setSettings} />
      <VisibilitySection settings={settings} canEdit={canEdit} onSaved={setSettings} />
      <ProjectKnowledgeSection projectId={settings.id} canEdit={canEdit} />
      <SecretsSection projectId={settings.id} canEdit={canEdit} />
      <VisitorSignInSection projectId={settings.id} canEdit={canEdit} />
      <GitSection projectId={settings.id} canEdit={canEdit} />
    </div>
  );
}

function DesignSystemSection({
  settings,
  canEdit,
  onSaved,
}: {
  settings: ProjectSettings;
  canEdit: boolean;
  onSaved: (next: ProjectSettings) => Promise<void>;
}) {
  const [draft, setDraft] = useState<DesignSystem>(settings.designSystem);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const configId = useId();

  const setColor = (index: number, patch: Partial<{ name: string; value: string }>) =>
    setDraft((d) => ({ ...d, colors: d.colors.map((c, i) => (i === index ? { ...c, ...patch } : c)) }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const next = await updateDesignSystem(settings.id, draft);
      setDraft(next.designSystem);
      await onSaved(next);
      setNote('Design system saved. The preview uses it now.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      id="design-system"
      title="Design system"
      description="Colours become Tailwind colours (brand → bg-brand, text-brand); the display font is font-display."
    >
      <SettingsForm wide onSubmit={save}>
        <FormItem>
          <FormLabelRow>
            <FormLabel htmlFor={configId}>Tailwind config</FormLabel>
            <span className="text-[12px] text-muted">
              Tailwind v4 CSS, e.g. @theme {'{ --radius-card: 14px; }'}
            </span>
          </FormLabelRow>
          <Textarea
            id={configId}
            mono
            rows={6}
            spellCheck={false}
            readOnly={!canEdit}
            value={draft.tailwindConfig}
            onChange={(e) => setDraft({ ...draft, tailwindConfig: e.target.value })}
          />
        </FormItem>
        <div className="grid grid-cols-[repeat(auto-fit,minmax(200px,1fr))] gap-3">
          <Select
            label="Body font"
            options={FONT_OPTIONS}
            value={draft.fonts.body ?? ''}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...draft, fonts: { ...draft.fonts, body: e.target.value || null } })}
          />
          <Select
            label="Display font"
            options={FONT_OPTIONS}
            value={draft.fonts.display ?? ''}
            disabled={!canEdit}
            onChange={(e) =>
              setDraft({ ...draft, fonts: { ...draft.fonts, display: e.target.value || null } })
            }
          />
        </div>
        <fieldset className="m-0 flex flex-col gap-2 border-0 p-0 [&>button]:self-start">
          <legend className="mb-1.5 text-[13px] font-semibold text-ink">Colours</legend>
          {draft.colors.length === 0 ? <p className="text-muted">No colours yet.</p> : null}
          {draft.colors.map((color, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the name itself changes.
            <div className="grid grid-cols-[minmax(0,1fr)_44px_80px_auto] items-center gap-2" key={index}>
              <Input
                aria-label={`Colour ${index + 1} name`}
                placeholder="brand"
                value={color.name}
                readOnly={!canEdit}
                onChange={(e) => setColor(index, { name: e.target.value })}
              />
              <input
                type="color"
                className="h-10 w-11 cursor-pointer rounded-md border border-border-strong bg-surface p-[3px] disabled:cursor-not-allowed"
                aria-label={`Colour ${index + 1} value`}
                value={sixDigits(color.value)}
                disabled={!canEdit}
                onChange={(e) => setColor(index, { value: e.target.value })}
              />
              <code className="font-mono text-[12.5px] text-text-2">{color.value}</code>
              {canEdit ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="iconSm"
                  aria-label={`Remove colour ${color.name || index + 1}`}
                  onClick={() => setDraft({ ...draft, colors: draft.colors.filter((_, i) => i !== index) })}
                >
                  <Trash2 size={14} aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          ))}
          {canEdit ? (
            <Button
              type="button"
              size="sm"
              onClick={() =>
                setDraft({
                  ...draft,
                  colors: [
                    ...draft.colors,
                    {
                      name: draft.colors.length ? `color-${draft.colors.length + 1}` : 'brand',
                      value: '#e8590c',
                    },
                  ],
                })
              }
            >
              <Plus size={14} aria-hidden="true" />
              Add colour
            </Button>
          ) : null}
        </fieldset>
        <FormAlert message={error} />
        <FormNote message={note} />
        {canEdit ? (
          <SettingsActions>
            <Button type="submit" variant="primary" disabled={busy}>
              {busy ? <Spinner /> : null}
              Save design system
            </Button>
          </SettingsActions>
        ) : null}
      </SettingsForm>
    </SettingsSection>
  );
}

function EnvironmentSection({
  settings,
  canEdit,
  onSaved,
}: {
  settings: ProjectSettings;
  canEdit: boolean;
  onSaved: (next: ProjectSettings) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <SettingsSection
      id="environment"
      title="Environment"
      description="Where this project stands in its lifecycle."
    >
      <div className="flex max-w-[420px] flex-col gap-3">
        <Select
          label="Environment"
          options={ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABELS[value] ?? value }))}
          value={settings.environment}
          disabled={!canEdit || busy}
          onChange={async (e) => {
            setBusy(true);
            setError(null);
            try {
              onSaved(await setProjectEnvironment(settings.id, e.target.value));
            } catch (caught) {
              setError(errorMessage(caught));
            } finally {
              setBusy(false);
            }
          }}
        />
        <FormAlert message={error} />
      </div>
    </SettingsSection>
  );
}

function VisibilitySection({
  settings,
  canEdit,
  onSaved,
}: {
  settings: ProjectSettings;
  canEdit: boolean;
  onSaved: (next: ProjectSettings) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const name = useId();

  async function choose(visibility: string) {
    setBusy(true);
    setError(null);
    try {
      onSaved(await setProjectVisibility(settings.id, visibility));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  async function rotate() {
    setBusy(true);
    setError(null);
    try {
      setLink(await rotateProjectAccessLink(settings.id));
      setCopied(false);
      onSaved({ ...settings, hasAccessLink: true });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setError('Copying was blocked by the browser: select the link and copy it yourself.');
    }
  }

  return (
    <SettingsSection id="visibility" title="Visibility" description="Who can open the published app.">
      <div className="flex max-w-[420px] flex-col gap-3">
        <div
          className="grid grid-cols-[repeat(auto-fit,minmax(200px,1fr))] gap-2.5"
          role="radiogroup"
          aria-label="Visibility"
        >
          {DESIGN_SYSTEM_VISIBILITIES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-2.5 rounded-md border border-border-strong bg-surface px-3.5 py-3 text-[13px] has-checked:border-accent has-checked:shadow-[0_0_0_3px_var(--accent-ring)]"
            >
              <input
                className="mt-[3px] accent-accent"
                type="radio"
                name={name}
                value={value}
                checked={settings.visibility === value}
                disabled={!canEdit || busy}
                onChange={() => void choose(value)}
              />
              <span className="flex flex-col gap-0.5">
                <strong>{VISIBILITY_LABELS[value]?.label ?? value}</strong>
                <span className="text-muted">{VISIBILITY_LABELS[value]?.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FormAlert message={error} />
        {settings.visibility === 'PRIVATE' ? (
          <SettingsSubsection>
            <h3>
              <Link2 size={15} aria-hidden="true" />
              Private link
            </h3>
            <p className="text-muted">
              {settings.hasAccessLink
                ? 'The link is shown only when it is made. A new link stops the old one from working.'
                : 'Make a link to share the app with the people who should see it.'}
            </p>
            {link ? (
              <CopyRow>
                <Input
                  mono
                  readOnly
                  aria-label="Private link"
                  value={link}
                  onFocus={(e) => e.target.select()}
                />
                <Button type="button" onClick={() => void copy()}>
                  {copied ? <Check size={15} aria-hidden="true" /> : <Copy size={15} aria-hidden="true" />}
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </CopyRow>
            ) : null}
            {canEdit ? (
              <SettingsActions>
                <Button type="button" disabled={busy} onClick={() => void rotate()}>
                  {busy ? <Spinner /> : null}
                  {settings.hasAccessLink ? 'Make a new private link' : 'Make a private link'}
                </Button>
              </SettingsActions>
            ) : null}
          </SettingsSubsection>
        ) : null}
      </div>
    </SettingsSection>
  );
}
