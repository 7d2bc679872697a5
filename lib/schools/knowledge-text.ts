// What the assistant can read about a school: its profile and fact sheet as short, self-contained
// passages, each with a title, ready for the retrieval index of the knowledge issue.
import type { FactSheetView } from './schema';
import type { SchoolView } from './present';

export type KnowledgePassage = { key: string; title: string; text: string };

const CLASSIFICATION: Record<string, string> = { '2_year': 'a two-year institution', '4_year': 'a four-year institution', mixed: 'an institution offering both two-year and four-year programs' };
const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

export function schoolPassages(s: SchoolView): KnowledgePassage[] {
  const out: KnowledgePassage[] = [];
  const about = [
    `${s.name} is ${CLASSIFICATION[s.classification] ?? 'an institution'}, ${s.institution_control === 'private' ? 'privately' : 'publicly'} controlled and ${s.tax_status === 'for_profit' ? 'for-profit' : 'non-profit'}.`,
    s.degree_levels.length ? `It awards ${list(s.degree_levels.map((d) => `${d} degrees`.replace('certificate degrees', 'certificates')))}.` : '',
    s.locations.length ? `Campus locations: ${list(s.locations)}.` : '',
    s.website_url ? `Website: ${s.website_url}` : '',
    s.mascot ? `Mascot: ${s.mascot}.` : '',
    s.religious_affiliation ? `Religious affiliation: ${s.religious_affiliation}.` : '',
    s.accreditation_info ? `Accreditation: ${s.accreditation_info}` : '',
  ].filter(Boolean);
  out.push({ key: 'school:about', title: `About ${s.name}`, text: about.join(' ') });
  if (s.contact_points.length) {
    const lines = s.contact_points.map((c) => [c.name, c.phone && `phone ${c.phone}`, c.email && `e-mail ${c.email}`, c.website && `web ${c.website}`].filter(Boolean).join(', '));
    out.push({ key: 'school:contacts', title: `Contacting ${s.name}`, text: `Contacts at ${s.name}: ${lines.join('; ')}.` });
  }
  if (s.tuition_info) out.push({ key: 'school:tuition', title: `Tuition and costs at ${s.name}`, text: s.tuition_info });
  const social = Object.entries(s.social_media_links);
  if (social.length) out.push({ key: 'school:social', title: `${s.name} on social media`, text: social.map(([n, url]) => `${n}: ${url}`).join('; ') });
  return out;
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A fact sheet date (YYYY-MM-DD) as people write it; anything else as given. */
function humanDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? LONG_DATE.format(new Date(`${date}T00:00:00Z`)) : date;
}

export function factSheetPassages(schoolName: string, f: FactSheetView): KnowledgePassage[] {
  const out: KnowledgePassage[] = [];
  if (f.programs.length) out.push({ key: 'facts:programs', title: `Programs at ${schoolName}`, text: `${schoolName} offers these programs: ${list(f.programs)}.` });
  if (f.athletic_teams.length) out.push({ key: 'facts:athletics', title: `Athletics at ${schoolName}`, text: `Athletic teams at ${schoolName}: ${list(f.athletic_teams)}.` });
  if (f.student_clubs.length) out.push({ key: 'facts:clubs', title: `Student clubs at ${schoolName}`, text: `Student clubs and organisations at ${schoolName}: ${list(f.student_clubs)}.` });
  if (f.important_deadlines.length) {
    const sorted = [...f.important_deadlines].sort((a, b) => a.date.localeCompare(b.date));
    out.push({
      key: 'facts:deadlines',
      title: `Important dates at ${schoolName}`,
      // One date per line, written for people ("January 15, 2027"), so an answer quotes just the one asked about.
      text: sorted.map((d) => `- ${d.name}: ${humanDate(d.date)}${d.description ? ` (${d.description})` : ''}.`).join('\n'),
    });
  }
  return out;
}

/** Guidance for the assistant, not facts to quote: used in its instructions, not its retrieval. */
export function tuitionGuidance(s: SchoolView): string | null {
  return s.tuition_instructions?.trim() || null;
}
