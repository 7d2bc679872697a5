// Seeds a school for the chat load (2,000 passages and a public key) into a database of its own,
// migrated by this tree's own code, and prints `KEY=<key>`. bench/compare.ts copies this file into
// the tree of the commit it compares against, so each tree seeds with its own schema.
//   tsx --conditions=react-server bench/chat-seed.ts --pglite <dir> | --url <postgres url>
import { closeDb, installDatabase, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { knowledgeChunks, schools } from '../db/schema';
import { issueKey } from '../lib/widget/keys';
import { passage } from './knowledge-data';

const CHUNKS = 2_000;

/** The chat benchmarks' school: 2,000 passages, a contact, and its public key (answered). */
export async function seedChatSchool(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<string> {
  const [school] = await db
    .insert(schools)
    .values({ name: 'Bench College', tuitionInfo: 'Undergraduate tuition is $24,500 per year.', contactPoints: [{ name: 'Office of Admissions', email: 'admissions@bench.edu', phone: '+1 503 555 0100' }] })
    .returning({ id: schools.id });
  const schoolId = school!.id;
  await db.insert(knowledgeChunks).values({ schoolId, sourceType: 'school', sourceId: 'school:tuition', title: 'Tuition and costs at Bench College', content: 'Undergraduate tuition is $24,500 per year. Room and board average $11,200.' });
  for (let i = 0; i < CHUNKS - 1; i += 500) {
    await db.insert(knowledgeChunks).values(Array.from({ length: Math.min(500, CHUNKS - 1 - i) }, (_, k) => ({ schoolId, sourceType: 'web_link' as const, sourceId: String(i + k), title: `Page ${i + k}`, content: passage(i + k) })));
  }
  return issueKey(schoolId, 'public');
}

// Run as a script: seed the database named on the command line.
if (process.argv[1]?.endsWith('chat-seed.ts')) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const url = arg('--url');
  const pgliteDir = arg('--pglite');
  if (!url && !pgliteDir) {
    console.error('usage: chat-seed.ts --pglite <dir> | --url <postgres url>');
    process.exit(2);
  }
  const handle = await openDatabase(url ? { url } : { pgliteDir });
  await runMigrations(handle.db, handle.kind);
  installDatabase(handle);
  const key = await seedChatSchool(handle.db);
  await closeDb();
  console.log(`KEY=${key}`);
  process.exit(0);
}
