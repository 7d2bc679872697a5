import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { actionPrompts } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { notFound } from '@/lib/http/errors';
import { ACTION_TYPE_LABELS, type ActionPromptInput, type ActionPromptView } from './action-prompt-schema';
import { removeSourceChunks, replaceSourceChunks } from './index';

type Row = typeof actionPrompts.$inferSelect;

function toView(r: Row): ActionPromptView {
  return {
    id: r.id,
    name: r.name,
    target_audience: r.targetAudience,
    action_description: r.actionDescription,
    action_type: r.actionType,
    action_data: r.actionData,
    priority: r.priority,
    is_active: r.isActive,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** What the assistant reads about a prompt; inactive prompts are not offered. */
function passages(r: Row) {
  if (!r.isActive) return [];
  return [{ title: r.name, text: `${r.name} (for ${r.targetAudience}): ${r.actionDescription} ${ACTION_TYPE_LABELS[r.actionType]}: ${r.actionData}` }];
}

const columns = (input: ActionPromptInput) => ({
  name: input.name,
  targetAudience: input.target_audience,
  actionDescription: input.action_description,
  actionType: input.action_type,
  actionData: input.action_data,
  priority: input.priority,
  isActive: input.is_active,
});

/** Higher priority first, then newest. */
export async function listActionPrompts(ctx: AuthContext): Promise<ActionPromptView[]> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const rows = await db.select().from(actionPrompts).where(eq(actionPrompts.schoolId, schoolId)).orderBy(desc(actionPrompts.priority), desc(actionPrompts.id));
  return rows.map(toView);
}

export async function createActionPrompt(ctx: AuthContext, input: ActionPromptInput) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(actionPrompts).values({ schoolId, ...columns(input) }).returning();
    await replaceSourceChunks(tx, schoolId, 'action_prompt', row!.id, passages(row!));
    return toView(row!);
  });
}

export async function updateActionPrompt(ctx: AuthContext, id: number, input: ActionPromptInput) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(actionPrompts)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(and(eq(actionPrompts.id, id), eq(actionPrompts.schoolId, schoolId)))
      .returning();
    if (!row) throw notFound('Action prompt not found');
    await replaceSourceChunks(tx, schoolId, 'action_prompt', row.id, passages(row));
    return toView(row);
  });
}

export async function deleteActionPrompt(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const gone = await tx.delete(actionPrompts).where(and(eq(actionPrompts.id, id), eq(actionPrompts.schoolId, schoolId))).returning({ id: actionPrompts.id });
    if (gone.length === 0) throw notFound('Action prompt not found');
    await removeSourceChunks(tx, schoolId, 'action_prompt', id);
    return { message: 'Action prompt deleted successfully' };
  });
}
