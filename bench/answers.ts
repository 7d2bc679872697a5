// Answer-quality benchmark (`npm run bench:answers`). Each invented school (bench/answers/schools/)
// is set up through the public API on the built app exactly as a school would, then asked its
// questions through the widget API. Larchmont College is the school the built-in model was tuned on;
// the others were written afterwards and are split once into a development half (tune on it) and a
// held-out half (never tuned on: what a school nobody has seen gets); a school written after the
// held-out half was measured (`developmentOnly`) is development only. Budgets:
//   Larchmont (tuned):  correct and complete >= 80 %, honest refusals >= 90 %, 0 invented facts,
//                       grounding recall >= 95 %
//   Unseen, held-out:   correct and complete >= 85 %, honest refusals >= 90 %, 0 invented facts,
//                       grounding recall >= 95 %; development and held-out within 5 points
// Grounding recall: with a configured OpenAI-compatible model (a recording stand-in), the question's
// key facts are in what Lantern sends the model. Readability (issue 48 item 8, readability.ts): every
// built-in answer read for fragments, duplicates, crushed tables, off-topic sentences, staff's
// instructions passed on and length; budget 0 findings on held-out. Every absent question's refusal
// is in Unanswered Questions (the staff API). Staff's instructions (instructions.ts): passed on as a
// sentence to the visitor where they fit, never on unrelated answers. BENCH_SCHOOLS=slug,slug runs some schools only.
// Per-question results: bench/results/answers.json; the held-out half's details are written apart
// (answers-held-out.json) so that tuning does not read them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, type App } from './answers/app';
import { isInsightCall, serveModel, textOf } from './answers/fake-model';
import { factTokens, hasFact, inventedFacts, isHonestRefusal, mergeTokens, missingFacts, normalise } from './answers/grade';
import type { Absent, Answerable, Turn } from './answers/questions';
import { halfOf, loadSchools, questionHalf, type Half, type LoadedSchool } from './answers/schools';
import { contactsOf, materialText, serveSchoolSite } from './answers/schools/material';
import { INSTRUCTIONS, type InstructionCase } from './answers/instructions';
import { countByKind, FINDING_KINDS, readabilityFindings, type Finding } from './answers/readability';
import { addCorrections, setUpSchool, staffApi } from './answers/setup';

const APP_PORT = 3460;
const SITE_PORT = 3461;
const MODEL_PORT = 3462;
const SITE = `http://127.0.0.1:${SITE_PORT}/`;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

type Line = [label: string, value: string, budget: string, ok: boolean];
const lines: Line[] = [];
const print = ([label, value, budget, ok]: Line) => console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(62)} ${value.padStart(14)}   budget ${budget}`);
const record = (line: Line) => (lines.push(line), print(line));
const pct = (n: number, of: number) => (of ? (100 * n) / of : 0);
const share = (n: number, of: number) => `${n}/${of} (${pct(n, of).toFixed(0)} %)`;

type Graded = Answerable & { school: string; half: Half | 'tuned'; answer: string; correct: boolean; missing: string[]; invented: string[]; factsIndexed: boolean; findings: Finding[] };
type Refused = Absent & { school: string; half: Half | 'tuned'; answer: string; honest: boolean; invented: string[]; findings: Finding[]; /** In Unanswered Questions afterwards. */ recorded: boolean };
/** A question asked with staff's instructions saved: passed on where it fits (`ok`), kept off where it does not. */
type Instructed = InstructionCase & { school: string; half: Half | 'tuned'; answer: string; ok: boolean; why: string[]; findings: Finding[] };
type Grounded = { id: string; school: string; half: Half | 'tuned'; category: string; question: string; grounded: boolean; missing: string[]; systemChars: number };
/** A question asked after staff saved a correction: a paraphrase of its question (answered from it) or an unrelated one (not). */
type Fixed = { id: string; school: string; half: Half; kind: 'paraphrase' | 'unrelated'; question: string; answer: string; fromCorrection: boolean };
type SchoolRun = { slug: string; pagesScraped: number; answered: Graded[]; absent: Refused[]; grounded: Grounded[]; fixed: Fixed[]; instructed: Instructed[] };

const contextOf = (history?: Turn[]) => (history ?? []).map((t) => t.content);

/** An instruction case judged: the point said where it fits, kept off where it does not, never the imperative. */
function judgeInstructed(c: InstructionCase, answer: string, findings: Finding[]): { ok: boolean; why: string[] } {
  const why = [
    ...(c.fits ? missingFacts(answer, c.says ?? []).map((f) => `missing ${f}`) : []),
    ...(c.never ?? []).filter((w) => normalise(answer).includes(normalise(w))).map((w) => `says ${w}`),
    ...findings.filter((f) => f.kind === 'instruction').map((f) => `imperative: ${f.text}`),
  ];
  return { ok: why.length === 0, why };
}

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

async function runSchool(loaded: LoadedSchool): Promise<SchoolRun> {
  const { school } = loaded;
  const halfOfQuestion = (id: string) => questionHalf(loaded, id);
  const materialTextOf = materialText(loaded, SITE);
  const material = factTokens(materialTextOf);
  // The answer key must hold: every key fact is written somewhere in the school's material.
  for (const q of school.answerable) {
    const unwritten = missingFacts(materialTextOf, q.facts);
    if (unwritten.length) throw new Error(`${school.slug} ${q.id}: the school's material never says ${unwritten.join(', ')}`);
  }
  const contacts = contactsOf(school, SITE);
  const site = await serveSchoolSite(loaded, SITE_PORT);
  try {
    // The built-in local model.
    const local = await startApp(APP_PORT, SITE_PORT);
    const answered: Graded[] = [];
    const absent: Refused[] = [];
    const fixed: Fixed[] = [];
    const instructed: Instructed[] = [];
    let pagesScraped = 0;
    try {
      const setup = await setUpSchool(local.base, SITE, loaded);
      pagesScraped = setup.pagesScraped;
      const indexed = [setup.webInsights, ...setup.documentInsights, JSON.stringify([school.profile(SITE), school.factSheet])].join('\n');
      console.log(`${school.slug}: ${setup.pagesScraped} pages read, website insights ${setup.webInsights.length} chars, document insights ${setup.documentInsights.map((d) => d.length).join(' + ')} chars`);
      for (const q of school.answerable) {
        const answer = await ask(local, setup.apiKey, q.question, q.history);
        const allowed = mergeTokens(material, factTokens([q.question, ...(q.history ?? []).map((t) => t.content)].join('\n')));
        const missing = missingFacts(answer, q.facts);
        // Whether the facts are in the stored insights at all: a miss is then retrieval's or the summary's.
        answered.push({ ...q, school: school.slug, half: halfOfQuestion(q.id), answer, correct: missing.length === 0, missing, invented: inventedFacts(answer, allowed), factsIndexed: q.facts.every((f) => hasFact(indexed, f)), findings: readabilityFindings(q.question, answer, contextOf(q.history)) });
      }
      for (const q of school.absent) {
        const answer = await ask(local, setup.apiKey, q.question, q.history);
        absent.push({ ...q, school: school.slug, half: halfOfQuestion(q.id), answer, honest: isHonestRefusal(answer, contacts), invented: inventedFacts(answer, mergeTokens(material, factTokens(q.question))), findings: readabilityFindings(q.question, answer, contextOf(q.history)), recorded: false });
      }
      // Each refusal lands in Unanswered Questions, as staff read it.
      const staff = await staffApi(local.base, loaded);
      const groups = (await staff('GET', '/conversation-analytics/unanswered?days=1')) as { question: string; examples: string[] }[];
      const listed = new Set(groups.flatMap((g) => [g.question, ...g.examples]).map(normalise));
      for (const a of absent) a.recorded = listed.has(normalise(a.question));
      // Corrections last: they are knowledge too, and the questions above are asked without them.
      if (loaded.corrections.length) {
        await addCorrections(local.base, loaded, loaded.corrections);
        for (const c of loaded.corrections) {
          const asked = [...c.paraphrases.map((q) => ['paraphrase', q] as const), ...c.unrelated.map((q) => ['unrelated', q] as const)];
          for (const [kind, question] of asked) {
            const answer = await ask(local, setup.apiKey, question);
            fixed.push({ id: c.id, school: school.slug, half: halfOf(c.id), kind, question, answer, fromCorrection: normalise(answer).includes(normalise(c.answer)) });
          }
        }
      }
      // Staff's instructions last of all: the special ones are saved now, so no other figure sees them.
      const plan = INSTRUCTIONS[school.slug];
      if (plan) {
        for (const rule of plan.special) await staff('POST', '/special-instructions/', rule);
        for (const c of plan.cases) {
          const answer = await ask(local, setup.apiKey, c.question);
          const findings = readabilityFindings(c.question, answer);
          instructed.push({ ...c, school: school.slug, half: halfOfQuestion(c.id), answer, findings, ...judgeInstructed(c, answer, findings) });
        }
      }
    } finally {
      await local.stop();
    }

    // Grounding: a configured model (the recording stand-in) and what Lantern sends it.
    const model = await serveModel(MODEL_PORT);
    const remote = await startApp(APP_PORT, SITE_PORT, { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`, OPENAI_MODEL: 'bench-model' });
    const grounded: Grounded[] = [];
    try {
      const setup = await setUpSchool(remote.base, SITE, loaded);
      for (const q of school.answerable) {
        const before = model.requests.length;
        await ask(remote, setup.apiKey, q.question, q.history);
        const sent = model.requests.slice(before).filter((r) => !isInsightCall(r));
        if (sent.length !== 1) throw new Error(`expected one model call for "${q.question}", saw ${sent.length}`);
        // Only what Lantern added counts: the visitor's own words and history are not grounding.
        const system = sent[0]!.messages.filter((m) => m.role === 'system').map(textOf).join('\n');
        const missing = missingFacts(system, q.facts);
        grounded.push({ id: q.id, school: school.slug, half: halfOfQuestion(q.id), category: q.category, question: q.question, grounded: missing.length === 0, missing, systemChars: system.length });
      }
    } finally {
      await remote.stop();
      model.server.close();
    }
    return { slug: school.slug, pagesScraped, answered, absent, grounded, fixed, instructed };
  } finally {
    site.close();
  }
}

const only = process.env.BENCH_SCHOOLS?.split(',').map((s) => s.trim()).filter(Boolean);
const schools = (await loadSchools()).filter((s) => !only || only.includes(s.school.slug));
const runs: SchoolRun[] = [];
for (const s of schools) runs.push(await runSchool(s));

type Figures = {
  correct: number; answerable: number; honest: number; absent: number; invented: number; grounded: number;
  /** Readability findings over every built-in answer (answerable and absent), and by kind. */
  findings: number; byKind: Record<string, number>; recorded: number;
  fits: number; fitting: number; keptOff: number; unrelated: number;
};
function figures(half: Half | 'tuned', slug?: string): Figures {
  const pick = <T extends { half: string; school: string }>(xs: T[]) => xs.filter((x) => x.half === half && (!slug || x.school === slug));
  const answered = pick(runs.flatMap((r) => r.answered));
  const absent = pick(runs.flatMap((r) => r.absent));
  const grounded = pick(runs.flatMap((r) => r.grounded));
  const instructed = pick(runs.flatMap((r) => r.instructed));
  const findings = [...answered, ...absent].flatMap((a) => a.findings);
  const fitting = instructed.filter((c) => c.fits);
  const unrelated = instructed.filter((c) => !c.fits);
  return {
    findings: findings.length,
    byKind: countByKind(findings),
    recorded: absent.filter((a) => a.recorded).length,
    fits: fitting.filter((c) => c.ok).length,
    fitting: fitting.length,
    keptOff: unrelated.filter((c) => c.ok).length,
    unrelated: unrelated.length,
    correct: answered.filter((a) => a.correct).length,
    answerable: answered.length,
    honest: absent.filter((a) => a.honest).length,
    absent: absent.length,
    invented: [...answered, ...absent].filter((a) => a.invented.length).length,
    grounded: grounded.filter((g) => g.grounded).length,
  };
}

const kinds = (f: Figures) => FINDING_KINDS.map((k) => `${k} ${f.byKind[k]}`).join(', ');

/** Readability, Unanswered Questions and staff's instructions for one half; `budgets` on the held-out half. */
function readingLines(name: string, f: Figures, budgets: boolean) {
  record([`${name}: readability findings (built-in answers)`, String(f.findings), budgets ? '0' : 'reported', !budgets || f.findings === 0]);
  console.log(`        ${kinds(f)}`);
  record([`${name}: absent questions in Unanswered Questions`, share(f.recorded, f.absent), budgets ? 'all' : 'reported', !budgets || f.recorded === f.absent]);
  if (f.fitting + f.unrelated) {
    record([`${name}: instructions said to the visitor where they fit`, share(f.fits, f.fitting), budgets ? 'all' : 'reported', !budgets || f.fits === f.fitting]);
    record([`${name}: instructions kept off unrelated answers`, share(f.keptOff, f.unrelated), budgets ? 'all' : 'reported', !budgets || f.keptOff === f.unrelated]);
  }
}

function categories(half: Half | 'tuned') {
  const answered = runs.flatMap((r) => r.answered).filter((a) => a.half === half);
  const grounded = runs.flatMap((r) => r.grounded).filter((g) => g.half === half);
  for (const c of [...new Set(answered.map((a) => a.category))].sort()) {
    const of = answered.filter((a) => a.category === c);
    const g = grounded.filter((x) => x.category === c);
    console.log(`        ${c.padEnd(13)} ${share(of.filter((a) => a.correct).length, of.length).padEnd(14)} grounded ${share(g.filter((x) => x.grounded).length, g.length)}`);
  }
}

console.log(`\nLantern answer-quality benchmark — ${new Date().toISOString()} — ${os.cpus().length} cores`);
const tuned = runs.find((r) => schools.find((s) => s.school.slug === r.slug)?.tuned);
if (tuned) {
  const f = figures('tuned');
  console.log(`\nLarchmont College (tuned on): ${f.answerable} answerable + ${f.absent} absent questions, ${tuned.pagesScraped} pages`);
  record(['(a) built-in model: correct and complete answers', share(f.correct, f.answerable), '>= 80 %', pct(f.correct, f.answerable) >= 80]);
  categories('tuned');
  record(['(b) honest refusals on absent facts', share(f.honest, f.absent), '>= 90 %', pct(f.honest, f.absent) >= 90]);
  record(['    answers with invented facts', String(f.invented), '0', f.invented === 0]);
  record(['(c) grounding recall (key facts sent to the configured model)', share(f.grounded, f.answerable), '>= 95 %', pct(f.grounded, f.answerable) >= 95]);
  readingLines('Larchmont', f, false);
}
const unseen = runs.filter((r) => r !== tuned);
if (unseen.length) {
  const dev = figures('development');
  const held = figures('held-out');
  console.log(`\nUnseen schools (${unseen.map((r) => r.slug).join(', ')}): development ${dev.answerable} + ${dev.absent}, held-out ${held.answerable} + ${held.absent} questions`);
  for (const r of unseen) {
    const d = figures('development', r.slug);
    const h = figures('held-out', r.slug);
    console.log(`        ${r.slug.padEnd(20)} development ${share(d.correct, d.answerable).padEnd(14)} held-out ${share(h.correct, h.answerable).padEnd(14)} (${r.pagesScraped} pages)`);
  }
  console.log('  development half, by kind of question:');
  categories('development');
  record(['development: correct and complete answers (built-in model)', share(dev.correct, dev.answerable), 'reported', true]);
  record(['held-out: correct and complete answers (built-in model)', share(held.correct, held.answerable), '>= 85 %', pct(held.correct, held.answerable) >= 85]);
  const gap = Math.abs(pct(dev.correct, dev.answerable) - pct(held.correct, held.answerable));
  record(['development and held-out apart by', `${gap.toFixed(1)} points`, '<= 5', gap <= 5]);
  record(['development: honest refusals on absent facts', share(dev.honest, dev.absent), 'reported', true]);
  record(['held-out: honest refusals on absent facts', share(held.honest, held.absent), '>= 90 %', pct(held.honest, held.absent) >= 90]);
  record(['unseen: answers with invented facts', String(dev.invented + held.invented), '0', dev.invented + held.invented === 0]);
  record(['development: grounding recall', share(dev.grounded, dev.answerable), 'reported', true]);
  record(['held-out: grounding recall', share(held.grounded, held.answerable), '>= 95 %', pct(held.grounded, held.answerable) >= 95]);
  readingLines('development', dev, false);
  readingLines('held-out', held, true);
  const fixed = runs.flatMap((r) => r.fixed);
  if (fixed.length) {
    const of = (half: Half, kind: Fixed['kind']) => fixed.filter((f) => f.half === half && f.kind === kind);
    const from = (xs: Fixed[]) => xs.filter((f) => f.fromCorrection).length;
    const cases = new Set(fixed.map((f) => f.id)).size;
    console.log(`\nCorrections: ${cases} saved by staff, each asked three other ways, and ${fixed.filter((f) => f.kind === 'unrelated').length} unrelated questions that share their words`);
    const devP = of('development', 'paraphrase');
    const heldP = of('held-out', 'paraphrase');
    const unrelated = fixed.filter((f) => f.kind === 'unrelated');
    record(['development: paraphrases answered from the correction', share(from(devP), devP.length), 'reported', true]);
    record(['held-out: paraphrases answered from the correction', share(from(heldP), heldP.length), '>= 90 %', pct(from(heldP), heldP.length) >= 90]);
    record(['unrelated questions answered from a correction', share(from(unrelated), unrelated.length), '<= 2 %', pct(from(unrelated), unrelated.length) <= 2]);
  }
}

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const notHeldOut = <T extends { half: string }>(xs: T[]) => xs.filter((x) => x.half !== 'held-out');
const heldOut = <T extends { half: string }>(xs: T[]) => xs.filter((x) => x.half === 'held-out');
const out = path.join(root, 'bench/results/answers.json');
const date = new Date().toISOString();
fs.writeFileSync(out, JSON.stringify({ date, schools: runs.map((r) => ({ slug: r.slug, pagesScraped: r.pagesScraped, answered: notHeldOut(r.answered), absent: notHeldOut(r.absent), grounded: notHeldOut(r.grounded), fixed: notHeldOut(r.fixed), instructed: notHeldOut(r.instructed) })) }, null, 2));
fs.writeFileSync(
  path.join(root, 'bench/results/answers-held-out.json'),
  JSON.stringify({ date, note: 'The held-out half: do not tune on these.', schools: runs.map((r) => ({ slug: r.slug, answered: heldOut(r.answered), absent: heldOut(r.absent), grounded: heldOut(r.grounded), fixed: heldOut(r.fixed), instructed: heldOut(r.instructed) })) }, null, 2),
);
console.log('\nSummary');
lines.forEach(print);
console.log(`per-question results: ${path.relative(process.cwd(), out)} (held-out half apart)`);
process.exit(lines.every((l) => l[3]) ? 0 : 1);
