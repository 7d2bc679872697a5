// The tuning loop for the answer benchmark: the development half (and Larchmont) answered in
// process against each school's kept database, in seconds, with every miss printed; the held-out
// half is never asked here. The schools are set up once on the built app (as bench:answers does)
// and kept in .data/tune/<slug>; `--fresh` sets them up again.
//   npx tsx --conditions=react-server bench/answers/tune.ts [--fresh] [slug…]
// One process per school (the database client is per process): this script spawns them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startApp } from './app';
import { isHonestRefusal, missingFacts } from './grade';
import { halfOf, loadSchools, type LoadedSchool } from './schools';
import { contactsOf, serveSchoolSite } from './schools/material';
import { setUpSchool } from './setup';

const SITE_PORT = 3461;
const SITE = `http://127.0.0.1:${SITE_PORT}/`;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const dirOf = (slug: string) => path.join(root, '.data/tune', slug);

async function setUp(loaded: LoadedSchool) {
  const dir = dirOf(loaded.school.slug);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const site = await serveSchoolSite(loaded, SITE_PORT);
  const app = await startApp(3460, SITE_PORT, { DATA_DIR: dir });
  try {
    await setUpSchool(app.base, SITE, loaded);
  } finally {
    await app.stop();
    site.close();
  }
}

/** In the child: the school's development questions through the chat engine itself. */
async function answer(slug: string) {
  const [{ getDb }, { schools }, { chatOnce }] = await Promise.all([import('@/db/client'), import('@/db/schema'), import('@/lib/chat/engine')]);
  const loaded = (await loadSchools()).find((s) => s.school.slug === slug)!;
  const [row] = await (await getDb()).select().from(schools).limit(1);
  const caller = { schoolId: row!.id, schoolName: row!.name, kind: 'internal', logging: false, knowledgeVersion: row!.knowledgeVersion, assistantVersion: row!.assistantVersion, keyHash: '', clientHash: '', policy: null } as never;
  const mine = (id: string) => loaded.tuned || halfOf(id) === 'development';
  const ask = async (message: string, history: { role: 'user' | 'assistant'; content: string }[] = []) => (await chatOnce(caller, { message, conversation_history: history } as never)).response;
  let correct = 0;
  let answerable = 0;
  let honest = 0;
  let absent = 0;
  for (const q of loaded.school.answerable.filter((q) => mine(q.id))) {
    const reply = await ask(q.question, q.history);
    const missing = missingFacts(reply, q.facts);
    answerable++;
    if (!missing.length) correct++;
    else console.log(`--- ${q.id} [${q.category}] ${q.question}\n    missing ${missing.join(', ')}\n    ${reply.replace(/\s+/g, ' ').slice(0, 240)}`);
  }
  const contacts = contactsOf(loaded.school, SITE);
  for (const q of loaded.school.absent.filter((q) => mine(q.id))) {
    const reply = await ask(q.question, q.history);
    absent++;
    if (isHonestRefusal(reply, contacts)) honest++;
    else console.log(`--- absent ${q.id} ${q.question}\n    ${reply.replace(/\s+/g, ' ').slice(0, 240)}`);
  }
  console.log(`${slug}${loaded.tuned ? ' (tuned on)' : ', development'}: correct ${correct}/${answerable}, honest refusals ${honest}/${absent}`);
  process.exit(0);
}

if (process.env.TUNE_SCHOOL) {
  await answer(process.env.TUNE_SCHOOL);
} else {
  const args = process.argv.slice(2);
  const only = args.filter((a) => !a.startsWith('--'));
  const chosen = (await loadSchools()).filter((s) => !only.length || only.includes(s.school.slug));
  for (const s of chosen) if (args.includes('--fresh') || !fs.existsSync(path.join(dirOf(s.school.slug), 'pglite'))) await setUp(s);
  await Promise.all(
    chosen.map(
      (s) =>
        new Promise<void>((resolve) => {
          const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', new URL(import.meta.url).pathname], {
            cwd: root,
            env: { ...process.env, TUNE_SCHOOL: s.school.slug, DATA_DIR: dirOf(s.school.slug) },
            stdio: 'inherit',
          });
          child.on('exit', () => resolve());
        }),
    ),
  );
}
