// The shape of an invented school for the answer-quality benchmark. Each school lives in its own
// folder (bench/answers/schools/<slug>/): an index.ts exporting `school: BenchSchool`, its website's
// pages as HTML files in site/, and its documents in docs/. The questions were written from the
// school's material alone, before any tuning; the harness splits them once into a development half
// and a held-out half by a hash of their ids.
import type { Absent, Answerable } from '../questions';

export type { Absent, Answerable, Category, Fact, Turn } from '../questions';

export type BenchSchool = {
  slug: string;
  /** The first staff account, as on the registration form. */
  account: { email: string; password: string; username: string; first_name: string; last_name: string };
  /** The staff's profile entries; `site` is the address the benchmark serves the website on (ends with '/'). */
  profile: (site: string) => {
    create: Record<string, unknown>;
    classification: Record<string, unknown>;
    contact: { contact_points: { name: string; email?: string; phone?: string; website?: string }[] };
    tuition: { tuition_info: string; tuition_instructions: string };
  };
  factSheet: Record<string, unknown>;
  actionPrompts: (site: string) => { name: string; target_audience: string; action_description: string; action_type: 'link' | 'phone' | 'email' | 'form'; action_data: string; priority: number }[];
  /** Site pages: file name in site/ (without .html) → page title. `index` is the home page; layout.html wraps each page's body at {{title}} and {{main}}. */
  pages: Record<string, string>;
  /** Documents staff upload (files in docs/): a .md or .txt file, or `pdf: true` to upload the text rendered as a PDF. */
  documents: { file: string; name: string; pdf?: boolean; /** The file name it is uploaded under (default: its own). */ uploadAs?: string }[];
  answerable: Answerable[];
  absent: Absent[];
  /** Every question is in the development half (a school written after the held-out half was measured, to tune on). */
  developmentOnly?: true;
};

/**
 * A staff correction and how visitors might ask for it: three paraphrases (the same question in other
 * words: the correction must answer them) and unrelated questions that share words with it but ask
 * something else (the correction must not answer them). Written before any tuning of the matcher.
 */
export type CorrectionCase = {
  id: string;
  question: string;
  answer: string;
  paraphrases: [string, string, string];
  unrelated: string[];
};
