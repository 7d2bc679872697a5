import 'server-only';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { isUniqueViolation } from '@/db/faults';
import { savedReplies } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { conflict, notFound } from '@/lib/http/errors';
import { assertMayChat } from './settings';
import { SAVED_REPLIES_MAX, type SavedReply, type SavedReplyInput } from './schema';

// Saved replies: a school's short texts that staff insert in a live chat's message box by typing
// "/" (components/live/reply-composer.tsx). Whoever may chat for the school may keep them (its users
// and admins alike, and a superuser working in it): they are the team's shared phrasing, like the
// corrections. Every statement names the school.

const NOT_FOUND = 'Saved reply not found';
/** The table's one unique index is the title's (per school, any case): a clash answers 409. */
const TAKEN = 'A saved reply with this title already exists';

type Row = typeof savedReplies.$inferSelect;
const view = (r: Row): SavedReply => ({ id: r.id, title: r.title, text: r.text, updated_at: r.updatedAt.toISOString() });


/** GET /live/saved-replies: by title, as the picker lists them. */
export async function listSavedReplies(ctx: AuthContext): Promise<SavedReply[]> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  const rows = await db.select().from(savedReplies).where(eq(savedReplies.schoolId, schoolId)).orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id));
  return rows.map(view);
}

/** POST /live/saved-replies (201); 409 for a title the school already uses, or past SAVED_REPLIES_MAX. */
export async function createSavedReply(ctx: AuthContext, input: SavedReplyInput): Promise<SavedReply> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(savedReplies).where(eq(savedReplies.schoolId, schoolId));
  if (n >= SAVED_REPLIES_MAX) throw conflict(`A school keeps at most ${SAVED_REPLIES_MAX} saved replies: delete one first`);
  try {
    const [row] = await db.insert(savedReplies).values({ schoolId, title: input.title, text: input.text, createdBy: ctx.user.id }).returning();
    return view(row!);
  } catch (err) {
    throw isUniqueViolation(err) ? conflict(TAKEN) : err;
  }
}

/** PUT /live/saved-replies/{id}: the title and the text. */
export async function updateSavedReply(ctx: AuthContext, id: number, input: SavedReplyInput): Promise<SavedReply> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  try {
    const [row] = await db
      .update(savedReplies)
      .set({ title: input.title, text: input.text, updatedAt: new Date() })
      .where(and(eq(savedReplies.id, id), eq(savedReplies.schoolId, schoolId)))
      .returning();
    if (!row) throw notFound(NOT_FOUND);
    return view(row);
  } catch (err) {
    throw isUniqueViolation(err) ? conflict(TAKEN) : err;
  }
}

/** DELETE /live/saved-replies/{id} (204). */
export async function deleteSavedReply(ctx: AuthContext, id: number): Promise<void> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  const gone = await db.delete(savedReplies).where(and(eq(savedReplies.id, id), eq(savedReplies.schoolId, schoolId))).returning({ id: savedReplies.id });
  if (!gone.length) throw notFound(NOT_FOUND);
}
