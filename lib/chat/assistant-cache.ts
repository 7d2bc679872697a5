import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { factSheets } from '@/db/schema';
import { buildSchoolInstructions } from '@/lib/assistant/instructions';
import { VersionedCache } from '@/lib/retrieval/versioned-cache';

// What the assistant of a school is told, built once per assistant_version (bumped by database
// triggers whenever the profile, fact sheet, persona, personality, rules, action prompts or lead
// settings change), so a chat message does not rebuild it.

export type Assistant = Awaited<ReturnType<typeof buildSchoolInstructions>> & { programs: string[] };

const assistants = new VersionedCache<Assistant>(Number(process.env.CHAT_ASSISTANT_SCHOOLS) || 1000);

async function load(schoolId: number): Promise<Assistant> {
  const db = await getDb();
  const [built, [facts]] = await Promise.all([
    buildSchoolInstructions(schoolId, { includeVoice: false }),
    db.select({ programs: factSheets.programs }).from(factSheets).where(eq(factSheets.schoolId, schoolId)).limit(1),
  ]);
  return { ...built, programs: facts?.programs ?? [] };
}

export function assistantFor(schoolId: number, assistantVersion: number): Promise<Assistant> {
  return assistants.get(schoolId, assistantVersion, () => load(schoolId));
}

