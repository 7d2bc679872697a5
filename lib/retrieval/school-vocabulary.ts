import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { schoolVocabulary as vocabularyTable } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { ADMISSIONS_ABBREVIATIONS, ADMISSIONS_SYNONYMS } from './vocabulary';

// The school's own vocabulary: groups of words its visitors and its pages use for the
// same thing, added to the built-in admissions vocabulary for retrieval and the built-in model.

const entry = z
  .string({ error: 'Each word or phrase must be text' })
  .trim()
  .min(1, 'A word or phrase cannot be empty')
  .max(60, 'Each word or phrase must be at most 60 characters')
  .refine((v) => /[\p{L}\p{N}]/u.test(v), 'Each word or phrase needs a letter or a digit');

export const vocabularySchema = z.object({
  groups: z
    .array(
      z
        .array(entry, { error: 'A group is a list of words or phrases' })
        .min(2, 'A group needs at least two words or phrases that mean the same thing')
        .max(20, 'A group can hold at most 20 words or phrases'),
      { error: 'groups must be a list of groups' },
    )
    .max(200, 'At most 200 groups'),
});
export type VocabularyInput = z.infer<typeof vocabularySchema>;

/** Lower-cased, de-duplicated within each group; groups left with fewer than two entries are dropped. */
function normalise(groups: string[][]): string[][] {
  return groups.map((g) => [...new Set(g.map((e) => e.trim().toLowerCase().replace(/\s+/g, ' ')))]).filter((g) => g.length >= 2);
}

async function storedGroups(schoolId: number): Promise<string[][]> {
  const db = await getDb();
  const [row] = await db.select({ groups: vocabularyTable.groups }).from(vocabularyTable).where(eq(vocabularyTable.schoolId, schoolId)).limit(1);
  return row?.groups ?? [];
}

/** The school's own groups, which its chat index adds to the built-in vocabulary. */
export const schoolGroups = storedGroups;

const builtIn = [...ADMISSIONS_SYNONYMS, ...Object.entries(ADMISSIONS_ABBREVIATIONS).map(([a, spelled]) => [a, spelled])];

export async function getVocabulary(ctx: AuthContext) {
  return { groups: await storedGroups(requireSchoolId(ctx)), built_in: builtIn };
}

export async function putVocabulary(ctx: AuthContext, input: VocabularyInput) {
  const schoolId = requireSchoolId(ctx);
  const groups = normalise(input.groups);
  const db = await getDb();
  await db.insert(vocabularyTable).values({ schoolId, groups, updatedAt: new Date() }).onConflictDoUpdate({ target: vocabularyTable.schoolId, set: { groups, updatedAt: new Date() } });
  return { groups, built_in: builtIn };
}
