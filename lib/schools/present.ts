import type { School } from '@/db/schema';

/** The school as the API answers it (spec 001 §3.1). */
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
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}
