import { describe, expect, it } from 'vitest';
import { factSheetPassages, schoolPassages, tuitionGuidance } from '@/lib/schools/knowledge-text';
import type { SchoolView } from '@/lib/schools/present';

const school = {
  id: 1,
  name: 'Riverside College',
  locations: ['Main Campus, Riverside', 'Downtown Center'],
  website_url: 'https://riverside.example.edu',
  classification: '4_year',
  degree_levels: ['bachelor', 'master'],
  institution_control: 'private',
  tax_status: 'non_profit',
  religious_affiliation: null,
  accreditation_info: 'Regional Commission',
  mascot: 'The Otters',
  primary_color: '#000000',
  secondary_color: '#ffffff',
  tertiary_color: '#cccccc',
  logo_url: null,
  font_family: 'Inter',
  contact_points: [{ name: 'Admissions', phone: '+1 555 0100', email: 'admissions@riverside.example.edu', website: null }],
  tuition_info: 'Tuition is $24,500 per year.',
  tuition_instructions: 'Always mention need-based aid.',
  social_media_links: { Instagram: 'https://instagram.com/riverside' },
  time_zone: 'UTC',
  created_at: '',
  updated_at: '',
} satisfies SchoolView;

describe('knowledge text of a school', () => {
  it('describes the profile in plain sentences with the facts verbatim', () => {
    const passages = schoolPassages(school);
    expect(passages.map((p) => p.key)).toEqual(['school:about', 'school:contacts', 'school:tuition', 'school:social']);
    expect(passages[0]!.text).toContain('Riverside College is a four-year institution, privately controlled and non-profit.');
    expect(passages[0]!.text).toContain('It awards bachelor degrees and master degrees.');
    expect(passages[0]!.text).toContain('Main Campus, Riverside and Downtown Center');
    expect(passages[1]!.text).toContain('admissions@riverside.example.edu');
    expect(passages[2]!.text).toBe('Tuition is $24,500 per year.');
    expect(tuitionGuidance(school)).toBe('Always mention need-based aid.');
  });

  it('turns the fact sheet into passages, deadlines in date order', () => {
    const p = factSheetPassages('Riverside College', {
      programs: ['Nursing', 'Biology'],
      athletic_teams: [],
      student_clubs: ['Chess'],
      important_deadlines: [
        { name: 'Regular decision', date: '2027-01-15', description: null },
        { name: 'Early action', date: '2026-11-01', description: 'non-binding' },
      ],
    });
    expect(p.map((x) => x.key)).toEqual(['facts:programs', 'facts:clubs', 'facts:deadlines']);
    expect(p[2]!.text).toBe('- Early action: November 1, 2026 (non-binding).\n- Regular decision: January 15, 2027.');
  });
});
