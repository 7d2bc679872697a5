// The tuning loop for the answer benchmark: the development half (and Larchmont) answered in
// process against each school's kept database, in seconds, with every miss printed; the held-out
// half is never asked here. The schools are set up once on the built app (as bench:answers does)
// and kept in .data/tune/<slug>; `--fresh` sets them up again.
//   npx tsx --conditions=react-server bench/answers/tune.ts [--fresh] [--corrections] [slug…]
// `--corrections` asks the development corrections' paraphrases and unrelated questions instead, against
// a copy of each school's database with the corrections saved (.data/tune/<slug>-corrections).
// One process per school (the database client is per process): this script spawns them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startApp } from './app';
import { isHonestRefusal, missingFacts } from './grade';
import { countByKind, readabilityFindings, type Finding } from './readability';
import { halfOf, loadSchools, questionHalf, type LoadedSchool } from './schools';
import { contactsOf, serveSchoolSite } from './schools/material';
import { addCorrections, setUpSchool } from './setup';

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

/** A copy of the school's kept database with its corrections saved through the API. */
async function withCorrections(loaded: LoadedSchool) {
  const dir = `${dirOf(loaded.school.slug)}-corrections`;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(dirOf(loaded.school.slug), dir, { recursive: true });
  const app = await startApp(3460, SITE_PORT, { DATA_DIR: dir });
  try {
    await addCorrections(app.base, loaded, loaded.corrections);
  } finally {
    await app.stop();
  }
}

/** In the child: the school's development questions through the chat engine itself. */
async function answer(slug: string) {
  const [{ getDb }, { schools }, { chatOnce }] = await Promise.all([import('@/db/client'), import('@/db/schema'), import('@/lib/chat/engine')]);
  const loaded = (await loadSchools()).find((s) => s.school.slug === slug)!;
  const [row] = await (await getDb()).select().from(schools).limit(1);
  const caller = { schoolId: row!.id, schoolName: row!.name, kind: 'internal', logging: false, knowledgeVersion: row!.knowledgeVersion, assistantVersion: row!.assistantVersion, keyHash: '', clientHash: '', policy: null } as never;
  const mine = (id: string) => questionHalf(loaded, id) !== 'held-out';
  const ask = async (message: string, history: { role: 'user' | 'assistant'; content: string }[] = []) => (await chatOnce(caller, { message, conversation_history: history } as never)).response;
  if (process.env.TUNE_CORRECTIONS) {
    const normalise = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
    const counts = { paraphrase: [0, 0], unrelated: [0, 0] };
    for (const c of loaded.corrections.filter((c) => halfOf(c.id) === 'development')) {
      for (const [kind, question] of [...c.paraphrases.map((q) => ['paraphrase', q] as const), ...c.unrelated.map((q) => ['unrelated', q] as const)]) {
        const reply = await ask(question);
        const from = normalise(reply).includes(normalise(c.answer));
        counts[kind][0] += from ? 1 : 0;
        counts[kind][1]++;
        if (from !== (kind === 'paraphrase')) console.log(`--- ${c.id} ${kind} ${question}\n    (${c.question}) ${reply.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    }
    console.log(`${slug} corrections, development: paraphrases ${counts.paraphrase.join('/')}, unrelated ${counts.unrelated.join('/')}`);
    process.exit(0);
  }
  let correct = 0;
  let answerable = 0;
  // Readability findings, printed with their answer (TUNE_READ=1 prints every finding, not just the count).
  const findings: Finding[] = [];
  const read = (question: string, reply: string, history?: { content: string }[]) => {
    const found = readabilityFindings(question, reply, (history ?? []).map((t) => t.content));
    findings.push(...found);
    if (found.length && process.env.TUNE_READ) console.log(`~~~ ${question}\n    ${found.map((f) => `[${f.kind}] ${f.text}`).join('\n    ')}\n    ${reply.replace(/\n/g, ' ⏎ ')}`);
  };
  let honest = 0;
  let absent = 0;
  for (const q of loaded.school.answerable.filter((q) => mine(q.id))) {
    const reply = await ask(q.question, q.history);
    const missing = missingFacts(reply, q.facts);
    read(q.question, reply, q.history);
    answerable++;
    if (!missing.length) correct++;
    else console.log(`--- ${q.id} [${q.category}] ${q.question}\n    missing ${missing.join(', ')}\n    ${reply.replace(/\s+/g, ' ').slice(0, 240)}`);
  }
  const contacts = contactsOf(loaded.school, SITE);
  for (const q of loaded.school.absent.filter((q) => mine(q.id))) {
    const reply = await ask(q.question, q.history);
    absent++;
    read(q.question, reply, q.history);
    if (isHonestRefusal(reply, contacts)) honest++;
    else console.log(`--- absent ${q.id} ${q.question}\n    ${reply.replace(/\s+/g, ' ').slice(0, 240)}`);
  }
  const byKind = Object.entries(countByKind(findings)).map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(`${slug}${loaded.tuned ? ' (tuned on)' : ', development'}: correct ${correct}/${answerable}, honest refusals ${honest}/${absent}, readability findings ${findings.length} (${byKind})`);
  process.exit(0);
}

if (process.env.TUNE_SCHOOL) {
  await answer(process.env.TUNE_SCHOOL);
} else {
  const args = process.argv.slice(2);
  const only = args.filter((a) => !a.startsWith('--'));
  const fixes = args.includes('--corrections');
  const chosen = (await loadSchools()).filter((s) => (!only.length || only.includes(s.school.slug)) && (!fixes || s.corrections.length));
  for (const s of chosen) if (args.includes('--fresh') || !fs.existsSync(path.join(dirOf(s.school.slug), 'pglite'))) await setUp(s);
  if (fixes) for (const s of chosen) if (args.includes('--fresh') || !fs.existsSync(path.join(`${dirOf(s.school.slug)}-corrections`, 'pglite'))) await withCorrections(s);
  await Promise.all(
    chosen.map(
      (s) =>
        new Promise<void>((resolve) => {
          const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', new URL(import.meta.url).pathname], {
            cwd: root,
            env: { ...process.env, TUNE_SCHOOL: s.school.slug, DATA_DIR: fixes ? `${dirOf(s.school.slug)}-corrections` : dirOf(s.school.slug), ...(fixes ? { TUNE_CORRECTIONS: '1' } : {}) },
            stdio: 'inherit',
          });
          child.on('exit', () => resolve());
        }),
    ),
  );
}
