// Chat index memory per school, measured
// in-process on an in-memory PGlite: the JavaScript heap a school's MiniSearch index, term
// frequencies and vocabulary take once built, for a 2,000-passage school (the chat benchmark's
// size) and for schools of the answer benchmark's size (about 80 passages).
import v8 from 'node:v8';
import vm from 'node:vm';
import { closeDb, installDatabase, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { knowledgeChunks, schools } from '../db/schema';
import { forgetKnowledgeIndexes, schoolIndex } from '@/lib/retrieval/knowledge-index';
import { passage } from './knowledge-data';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const handle = await openDatabase({ pgliteDir: null });
await runMigrations(handle.db, 'pglite');
installDatabase(handle);

async function school(passages: number): Promise<number> {
  const [row] = await handle.db.insert(schools).values({ name: `Memory ${passages}` }).returning({ id: schools.id });
  for (let i = 0; i < passages; i += 500) {
    await handle.db.insert(knowledgeChunks).values(
      Array.from({ length: Math.min(500, passages - i) }, (_, k) => ({ schoolId: row!.id, sourceType: 'web_page' as const, sourceId: String(i + k), title: `Page ${i + k} — Section`, content: passage(i + k) })),
    );
  }
  return row!.id;
}

async function perSchool(passages: number, count: number): Promise<number> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await school(passages));
  forgetKnowledgeIndexes();
  const before = heap();
  for (const id of ids) await schoolIndex(id, 0);
  return (heap() - before) / count;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const large = await perSchool(2_000, 3);
const small = await perSchool(80, 20);
console.log(`\nLantern chat index memory — ${new Date().toISOString()}`);
console.log(`index memory per school, 2,000 passages (~120 words each)   ${mb(large).padStart(10)}`);
console.log(`index memory per school, 80 passages                        ${mb(small).padStart(10)}`);
console.log(`200 cached schools (CHAT_INDEX_SCHOOLS) of 80 passages        ${mb(small * 200).padStart(10)}`);
await closeDb();
