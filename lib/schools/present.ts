import type { School, factSheets } from '@/db/schema';
import type { FactSheetView } from './schema';

/** The school as the API answers it. */
export function toSchool(s: School) {
  return {
    id: s.id,
    name: s.name,
    locations: s.locations,
    website_url: s.websiteUrl,
    classification: s.classification,
    degree_levels: s.degreeLevels,
    institution_control: s.institutionControl,
    tax_status: s.taxStatus,
    religious_affiliation: s.religiousAffiliation,
    accreditation_info: s.accreditationInfo,
    mascot: s.mascot,
    primary_color: s.primaryColor,
    secondary_color: s.secondaryColor,
    tertiary_color: s.tertiaryColor,
    logo_url: s.logoUrl,
    font_family: s.fontFamily,
    contact_points: s.contactPoints,
    tuition_info: s.tuitionInfo,
    tuition_instructions: s.tuitionInstructions,
    social_media_links: s.socialMediaLinks,
    time_zone: s.timeZone,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export function toFactSheet(row: typeof factSheets.$inferSelect | null): FactSheetView {
  return {
    programs: row?.programs ?? [],
    athletic_teams: row?.athleticTeams ?? [],
    student_clubs: row?.studentClubs ?? [],
    important_deadlines: (row?.importantDeadlines ?? []).map((d) => ({ name: d.name, date: d.date, description: d.description ?? null })),
  };
}

export type SchoolView = ReturnType<typeof toSchool>;
