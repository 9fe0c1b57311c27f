/**
 * @module Project knowledge (issue 22): standing instructions an organisation (ADMIN and up) and a project
 * (EDITOR and up) keep, sent with every generation and discussion of the project — the organisation's first,
 * then the project's — trimmed to their share of the context budget by codegen. A reply may propose an
 * addition (a `knowledge` message block); the user accepts it with one click and it is appended.
 */
import type { MessageBlock } from '@kiln/codegen';
import { KilnError, MAX_KNOWLEDGE_LENGTH } from '@kiln/core';
import { and, eq } from 'drizzle-orm';
import type { User } from './accounts';
import type { Db } from './db/index';
import { messages, organizationKnowledge, projectKnowledge, projects } from './db/schema';
import { requireRole } from './permissions';
import { getProject } from './projects';

/** Why a knowledge text was refused. */
const TOO_LONG = `Knowledge is at most ${MAX_KNOWLEDGE_LENGTH.toLocaleString('en-US')} characters.`;

/** Line endings normalised and the ends trimmed; refused over MAX_KNOWLEDGE_LENGTH (nothing is cut silently). */
function cleanKnowledge(text: string): string {
  const clean = text.replace(/\r\n?/g, '\n').trim();
  if (clean.length > MAX_KNOWLEDGE_LENGTH) throw new KilnError('validation', TOO_LONG);
  return clean;
}

/** The project's own standing instructions ('' when none). Callers checked access. */
export async function projectKnowledgeText(db: Db, projectId: string): Promise<string> {
  const [row] = await db
    .select({ text: projectKnowledge.text })
    .from(projectKnowledge)
    .where(eq(projectKnowledge.projectId, projectId));
  return row?.text ?? '';
}

/** The organisation's standing instructions ('' when none). Callers checked access. */
export async function organizationKnowledgeText(db: Db, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ text: organizationKnowledge.text })
    .from(organizationKnowledge)
    .where(eq(organizationKnowledge.organizationId, organizationId));
  return row?.text ?? '';
}

/** What a generation or discussion of the project is told: the organisation's knowledge, then the project's. */
export async function knowledgeForRequest(db: Db, projectId: string): Promise<string> {
  const [project] = await db
    .select({ organizationId: projects.organizationId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return '';
  const org = await organizationKnowledgeText(db, project.organizationId);
  const own = await projectKnowledgeText(db, projectId);
  return [org && `Organisation:\n${org}`, own && `Project:\n${own}`].filter(Boolean).join('\n\n');
}

/** EDITOR and up: replace the project's knowledge (empty clears it). */
export async function updateProjectKnowledge(
  db: Db,
  user: User,
  input: { projectId: string; text: string },
): Promise<string> {
  await getProject(db, user, input.projectId, 'EDITOR');
  const text = cleanKnowledge(input.text);
  await writeProjectKnowledge(db, input.projectId, text, user.id);
  return text;
}

async function writeProjectKnowledge(db: Db, projectId: string, text: string, userId: string) {
  const values = { text, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(projectKnowledge)
    .values({ projectId, ...values })
    .onConflictDoUpdate({ target: projectKnowledge.projectId, set: values });
}

/** ADMIN and up: replace the organisation's knowledge (empty clears it). */
export async function updateOrganizationKnowledge(
  db: Db,
  user: User,
  input: { organizationId: string; text: string },
): Promise<string> {
  await requireRole(db, input.organizationId, user.id, 'ADMIN');
  const text = cleanKnowledge(input.text);
  const values = { text, updatedBy: user.id, updatedAt: new Date() };
  await db
    .insert(organizationKnowledge)
    .values({ organizationId: input.organizationId, ...values })
    .onConflictDoUpdate({ target: organizationKnowledge.organizationId, set: values });
  return text;
}

/**
 * EDITOR and up: accept the knowledge a reply proposed (its `index`-th knowledge block): the text is appended
 * to the project's knowledge on its own line and the block is marked accepted. Accepting twice adds nothing.
 * Returns the project's knowledge after it.
 */
export async function acceptKnowledgeProposal(
  db: Db,
  user: User,
  input: { messageId: string; index?: number | null },
): Promise<{ projectId: string; text: string }> {
  const [found] = await db.select().from(messages).where(eq(messages.id, input.messageId));
  if (!found) throw new KilnError('not_found', 'Message not found.');
  await getProject(db, user, found.projectId, 'EDITOR');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The project row is locked: two accepts (or an accept and an edit in Settings) append one after the other.
    await t.select({ id: projects.id }).from(projects).where(eq(projects.id, found.projectId)).for('update');
    const [message] = await t
      .select()
      .from(messages)
      .where(and(eq(messages.id, input.messageId), eq(messages.projectId, found.projectId)));
    const blocks = (message?.blocks ?? []) as MessageBlock[];
    const proposals = blocks.filter((b) => b.kind === 'knowledge');
    const proposal = proposals[input.index ?? 0];
    if (!message || !proposal) throw new KilnError('not_found', 'That reply proposed no such knowledge.');
    const current = await projectKnowledgeText(t, found.projectId);
    if (proposal.accepted) return { projectId: found.projectId, text: current };
    // Already there (typed in Settings, or accepted from another reply): nothing appended, still marked.
    const known = current.split('\n').includes(proposal.text);
    const text = known ? current : cleanKnowledge(current ? `${current}\n${proposal.text}` : proposal.text);
    if (!known) await writeProjectKnowledge(t, found.projectId, text, user.id);
    const next = blocks.map((b) => (b === proposal ? { ...proposal, accepted: true } : b));
    await t.update(messages).set({ blocks: next }).where(eq(messages.id, message.id));
    return { projectId: found.projectId, text };
  });
}
