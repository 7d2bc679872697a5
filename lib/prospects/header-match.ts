import { distance } from 'fastest-levenshtein';
import { PROSPECT_FIELDS, type FieldMapping, type ProspectField } from './schema';

// Headers are matched to prospect fields by fuzzy name. A header is reduced to its
// letters and digits ('Student ID #' → 'studentid', 'First_Name' → 'firstname'), then compared with
// each field's known spellings: exact, then by words it contains, then by a small edit distance.

const SPELLINGS: Record<ProspectField, string[]> = {
  external_id: ['externalid', 'studentid', 'studentnumber', 'studentno', 'id', 'applicantid', 'prospectid', 'crmid', 'recordid', 'externalidentifier', 'sid', 'idnumber', 'uid'],
  first_name: ['firstname', 'fname', 'first', 'givenname', 'forename', 'firstnm', 'preferredname'],
  last_name: ['lastname', 'lname', 'last', 'surname', 'familyname', 'lastnm'],
  email: ['email', 'emailaddress', 'mail', 'emailid', 'personalemail', 'primaryemail', 'studentemail'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'cell', 'cellphone', 'primaryphone', 'homephone', 'contactnumber'],
  address_street1: ['street', 'street1', 'streetaddress', 'address', 'address1', 'addressline1', 'addressstreet', 'addressstreet1', 'mailingaddress', 'homeaddress'],
  address_street2: ['street2', 'address2', 'addressline2', 'addressstreet2', 'apartment', 'apt', 'suite', 'unit'],
  address_city: ['city', 'town', 'addresscity', 'locality'],
  address_state: ['state', 'province', 'region', 'addressstate', 'stateprovince', 'st', 'county'],
  address_zip: ['zip', 'zipcode', 'postal', 'postalcode', 'postcode', 'addresszip', 'zippostal', 'zippostalcode'],
  address_country: ['country', 'nation', 'addresscountry', 'countrycode'],
  status: ['status', 'stage', 'prospectstatus', 'applicationstatus', 'leadstatus', 'funnelstage'],
  anticipated_program: ['program', 'anticipatedprogram', 'major', 'programofinterest', 'intendedmajor', 'academicprogram', 'interest', 'areaofinterest', 'course', 'degree'],
  anticipated_start_date: ['startdate', 'anticipatedstartdate', 'start', 'entryterm', 'term', 'startterm', 'intendedstart', 'expectedstart', 'enrollmentdate', 'startingdate'],
};

/** Word sets that point at a field wherever they appear in a header ('Home Phone (cell)', 'Student ID #'). */
const WORDS: [ProspectField, string[]][] = [
  ['first_name', ['first', 'name']],
  ['first_name', ['given', 'name']],
  ['last_name', ['last', 'name']],
  ['last_name', ['family', 'name']],
  ['last_name', ['surname']],
  ['email', ['email']],
  ['email', ['e', 'mail']],
  ['phone', ['phone']],
  ['phone', ['mobile']],
  ['external_id', ['student', 'id']],
  ['external_id', ['external', 'id']],
  ['address_zip', ['zip']],
  ['address_zip', ['postal']],
  ['address_street2', ['address', '2']],
  ['address_street2', ['street', '2']],
  ['address_street1', ['street']],
  ['address_street1', ['address']],
  ['address_city', ['city']],
  ['address_state', ['state']],
  ['address_country', ['country']],
  ['anticipated_start_date', ['start']],
  ['anticipated_program', ['program']],
  ['anticipated_program', ['major']],
  ['status', ['status']],
];

export const squash = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const wordsOf = (header: string) => header.toLowerCase().split(/[^\p{L}\p{N}]+|(?<=[a-z])(?=[0-9])/u).filter(Boolean);

/** How well a header names a field: 3 exact, 2 by its words, 1 a near spelling, 0 not at all. */
function score(header: string, field: ProspectField): number {
  const s = squash(header);
  if (!s) return 0;
  if (SPELLINGS[field].includes(s)) return 3;
  const words = wordsOf(header);
  if (WORDS.some(([f, need]) => f === field && need.every((w) => words.includes(w)))) return 2;
  if (s.length >= 5 && SPELLINGS[field].some((sp) => sp.length >= 5 && distance(s, sp) <= (sp.length >= 9 ? 2 : 1))) return 1;
  return 0;
}

/** The suggested mapping: each field goes to the header that names it best (the first on a tie); the rest are skipped. */
export function suggestMappings(headers: string[]): FieldMapping[] {
  const candidates: { header: string; field: ProspectField; score: number; at: number }[] = [];
  headers.forEach((header, at) => {
    for (const field of PROSPECT_FIELDS) {
      const sc = score(header, field);
      if (sc > 0) candidates.push({ header, field, score: sc, at });
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.at - b.at);
  const usedFields = new Set<string>();
  const usedHeaders = new Set<string>();
  const chosen = new Map<string, ProspectField>();
  for (const c of candidates) {
    if (usedFields.has(c.field) || usedHeaders.has(c.header)) continue;
    usedFields.add(c.field);
    usedHeaders.add(c.header);
    chosen.set(c.header, c.field);
  }
  return headers.map((h) => ({ source_column: h, target_field: chosen.get(h) ?? '', is_custom: false }));
}
