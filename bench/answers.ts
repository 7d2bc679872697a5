// Answer-quality benchmark (`npm run bench:answers`). Larchmont College, an invented
// school (bench/answers/), is set up through the public API on the built app exactly as a school
// would, then asked the benchmark's questions through the widget API. Budgets:
//   (a) built-in model: correct and complete on >= 80 % of answerable questions
//   (b) honest refusal on >= 90 % of the questions whose answers are absent
//       and 0 invented facts (numbers, amounts, dates, e-mails found nowhere in the school's material)
//   (c) grounding recall with a configured OpenAI-compatible model: the question's key facts are in
//       what Lantern sends to the model for >= 95 % of answerable questions
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, type App } from './answers/app';
import { isInsightCall, serveModel, textOf } from './answers/fake-model';
import { factTokens, hasFact, inventedFacts, isHonestRefusal, mergeTokens, missingFacts } from './answers/grade';
import { ABSENT, ANSWERABLE, type Absent, type Answerable, type Category, type Turn } from './answers/questions';
import { actionPrompts, FACT_SHEET, schoolProfile } from './answers/school';
import { GUIDE_PATH, setUpSchool } from './answers/setup';
import { serveSite, siteText } from './answers/site';

const APP_PORT = 3460;
const SITE_PORT = 3461;
const MODEL_PORT = 3462;
const SITE = `http://127.0.0.1:${SITE_PORT}/`;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

type Line = [label: string, value: string, budget: string, ok: boolean];
const lines: Line[] = [];
const print = ([label, value, budget, ok]: Line) => console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(62)} ${value.padStart(14)}   budget ${budget}`);
const record = (line: Line) => (lines.push(line), print(line));
const share = (n: number, of: number) => `${n}/${of} (${((100 * n) / of).toFixed(0)} %)`;

// Everything the school told Lantern: a stated number must come from here (or from the visitor).
const profile = schoolProfile(SITE);
const materialText = [siteText(), fs.readFileSync(GUIDE_PATH, 'utf8'), JSON.stringify([profile, FACT_SHEET, actionPrompts(SITE)])].join('\n');
const material = factTokens(materialText);
// The answer key must hold: every key fact is written somewhere in the school's material.
for (const q of ANSWERABLE) {
  const unwritten = missingFacts(materialText, q.facts);
  if (unwritten.length) throw new Error(`${q.id}: the school's material never says ${unwritten.join(', ')}`);
}
const contacts = [...profile.contact.contact_points.flatMap((c) => [c.email, c.phone]), ...actionPrompts(SITE).map((a) => a.action_data)];

const CATEGORIES: Category[] = ['synonym', 'typo', 'follow-up', 'multi-part', 'other'];

type Graded = Answerable & { answer: string; correct: boolean; missing: string[]; invented: string[]; factsIndexed: boolean };
type Refused = Absent & { answer: string; honest: boolean; invented: string[] };

let sessions = 0;
async function ask(app: App, key: string, question: string, history: Turn[] = []): Promise<string> {
  const res = await fetch(`${app.base}/api/widget/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ message: question, conversation_history: history, session_id: `bench-answers-${++sessions}` }),
  });
  const body = (await res.json()) as { response?: string; detail?: unknown };
  if (!res.ok || typeof body.response !== 'string') throw new Error(`chat failed: ${res.status} ${JSON.stringify(body)}`);
  return body.response;
}

const site = await serveSite(SITE_PORT);
const results: Record<string, unknown> = { date: new Date().toISOString() };

// (a) and (b): the built-in local model.
const local = await startApp(APP_PORT, SITE_PORT);
try {
  const setup = await setUpSchool(local.base, SITE);
  const indexed = `${setup.webInsights}\n${setup.guideInsights}\n${JSON.stringify([profile, FACT_SHEET])}`;
  console.log(`set up: ${setup.pagesScraped} pages read, website insights ${setup.webInsights.length} chars, guide insights ${setup.guideInsights.length} chars`);

  const answered: Graded[] = [];
  for (const q of ANSWERABLE) {
    const answer = await ask(local, setup.apiKey, q.question, q.history);
    const allowed = mergeTokens(material, factTokens([q.question, ...(q.history ?? []).map((t) => t.content)].join('\n')));
    const missing = missingFacts(answer, q.facts);
    // Whether the facts are in the stored insights at all: a miss is then retrieval's or the summary's.
    answered.push({ ...q, answer, correct: missing.length === 0, missing, invented: inventedFacts(answer, allowed), factsIndexed: q.facts.every((f) => hasFact(indexed, f)) });
  }
  const absent: Refused[] = [];
  for (const q of ABSENT) {
    const answer = await ask(local, setup.apiKey, q.question, q.history);
    absent.push({ ...q, answer, honest: isHonestRefusal(answer, contacts), invented: inventedFacts(answer, mergeTokens(material, factTokens(q.question))) });
  }

  const correct = answered.filter((a) => a.correct).length;
  const honest = absent.filter((a) => a.honest).length;
  const invented = [...answered, ...absent].filter((a) => a.invented.length).length;
  record(['(a) built-in model: correct and complete answers', share(correct, answered.length), '>= 80 %', correct / answered.length >= 0.8]);
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, answered.filter((a) => a.category === c)]));
  for (const c of CATEGORIES) console.log(`        ${c.padEnd(12)} ${share(byCategory[c]!.filter((a) => a.correct).length, byCategory[c]!.length)}`);
  record(['(b) honest refusals on absent facts', share(honest, absent.length), '>= 90 %', honest / absent.length >= 0.9]);
  record(['    answers with invented facts', String(invented), '0', invented === 0]);
  const indexedShare = answered.filter((a) => a.factsIndexed).length;
  console.log(`        key facts present in the stored insights/profile for ${share(indexedShare, answered.length)} of answerable questions`);
  Object.assign(results, {
    local: {
      pagesScraped: setup.pagesScraped,
      insightChars: { website: setup.webInsights.length, guide: setup.guideInsights.length },
      correct, honest, invented, factsIndexed: indexedShare,
      byCategory: Object.fromEntries(CATEGORIES.map((c) => [c, { correct: byCategory[c]!.filter((a) => a.correct).length, of: byCategory[c]!.length }])),
      answered, absent,
    },
  });
} finally {
  await local.stop();
}

// (c) grounding recall: a configured model (the recording stand-in) and what Lantern sends it.
const model = await serveModel(MODEL_PORT);
const remote = await startApp(APP_PORT, SITE_PORT, { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`, OPENAI_MODEL: 'bench-model' });
try {
  const setup = await setUpSchool(remote.base, SITE);
  const grounded = [];
  for (const q of ANSWERABLE) {
    const before = model.requests.length;
    await ask(remote, setup.apiKey, q.question, q.history);
    const sent = model.requests.slice(before).filter((r) => !isInsightCall(r));
    if (sent.length !== 1) throw new Error(`expected one model call for "${q.question}", saw ${sent.length}`);
    // Only what Lantern added counts: the visitor's own words and history are not grounding.
    const system = sent[0]!.messages.filter((m) => m.role === 'system').map(textOf).join('\n');
    grounded.push({ id: q.id, category: q.category, question: q.question, grounded: missingFacts(system, q.facts).length === 0, missing: missingFacts(system, q.facts), systemChars: system.length });
  }
  const hits = grounded.filter((g) => g.grounded).length;
  record(['(c) grounding recall (key facts sent to the configured model)', share(hits, grounded.length), '>= 95 %', hits / grounded.length >= 0.95]);
  for (const c of CATEGORIES) {
    const of = grounded.filter((g) => g.category === c);
    console.log(`        ${c.padEnd(12)} ${share(of.filter((g) => g.grounded).length, of.length)}`);
  }
  Object.assign(results, { grounding: { webInsightChars: setup.webInsights.length, guideInsightChars: setup.guideInsights.length, hits, grounded } });
} finally {
  await remote.stop();
  model.server.close();
  site.close();
}

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const out = path.join(root, 'bench/results/answers.json');
fs.writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`\nLantern answer-quality benchmark — ${new Date().toISOString()} — ${os.cpus().length} cores, ${ANSWERABLE.length} answerable + ${ABSENT.length} absent questions`);
lines.forEach(print);
console.log(`per-question results: ${path.relative(process.cwd(), out)}`);
process.exit(lines.every((l) => l[3]) ? 0 : 1);
