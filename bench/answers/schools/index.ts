// Every school of the answer-quality benchmark. Larchmont College is the one the built-in model was
// tuned on; the others were written afterwards, from their own material alone, and split once into a
// development half and a held-out half (by a hash of each question's id): tune on development only,
// and read the held-out figures as what a school nobody has seen will get.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ABSENT, ANSWERABLE } from '../questions';
import { ACCOUNT, actionPrompts, FACT_SHEET, schoolProfile } from '../school';
import { TITLES } from '../site';
import type { BenchSchool, CorrectionCase } from './types';

const here = path.dirname(new URL(import.meta.url).pathname);

export type LoadedSchool = { school: BenchSchool; dir: string; tuned: boolean; corrections: CorrectionCase[] };

const larchmont: BenchSchool = {
  slug: 'larchmont',
  account: ACCOUNT,
  profile: schoolProfile,
  factSheet: FACT_SHEET,
  actionPrompts: (site) => actionPrompts(site) as ReturnType<BenchSchool['actionPrompts']>,
  pages: TITLES,
  documents: [{ file: '../guide.md', name: 'Admitted Student Guide 2027', uploadAs: 'admitted-student-guide.md' }],
  answerable: ANSWERABLE,
  absent: ABSENT,
};

export async function loadSchools(): Promise<LoadedSchool[]> {
  const schools: LoadedSchool[] = [{ school: larchmont, dir: path.join(here, '..'), tuned: true, corrections: [] }];
  for (const slug of fs.readdirSync(here).filter((d) => fs.existsSync(path.join(here, d, 'index.ts'))).sort()) {
    const { school } = (await import(path.join(here, slug, 'index.ts'))) as { school: BenchSchool };
    const fixes = path.join(here, slug, 'corrections.ts');
    const corrections = fs.existsSync(fixes) ? ((await import(fixes)) as { corrections: CorrectionCase[] }).corrections : [];
    schools.push({ school, dir: path.join(here, slug), tuned: false, corrections });
  }
  return schools;
}

export type Half = 'development' | 'held-out';

/** The half a question of an unseen school belongs to, fixed by its id. */
export const halfOf = (id: string): Half => ((createHash('sha256').update(id).digest()[0]! & 1) === 0 ? 'development' : 'held-out');

/** The half a school's question counts in: Larchmont's are tuned on, a development-only school's all development. */
export const questionHalf = (loaded: LoadedSchool, id: string): Half | 'tuned' => (loaded.tuned ? 'tuned' : loaded.school.developmentOnly ? 'development' : halfOf(id));
