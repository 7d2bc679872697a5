import { scimBadRequest } from './http';
import { SCIM_USER_SCHEMA } from './schema';

// The filters identity providers send to find an account before they create or change it (RFC 7644
// §3.4.2.2): `userName eq "…"` (Entra ID and Okta) and `externalId eq "…"`. Nothing else: sorting,
// other attributes and other operators answer 400 invalidFilter, so a provider never acts on a list
// it believes filtered.

export type ScimFilter = { attribute: 'userName' | 'externalId'; value: string };

const MAX_FILTER = 1000;
// attribute (optionally with the core schema's URN), `eq` in any case, one JSON string.
const EQ = /^\s*(?:urn:ietf:params:scim:schemas:core:2\.0:user:)?(username|externalid)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i;

const refused = (why: string) => scimBadRequest('invalidFilter', `${why}. Lantern supports only userName eq "…" and externalId eq "…"`);

/** The filter of GET /Users, or null without one. */
export function parseScimFilter(filter: string | undefined): ScimFilter | null {
  if (filter === undefined || filter.trim() === '') return null;
  if (filter.length > MAX_FILTER) throw refused(`The filter is longer than ${MAX_FILTER} characters`);
  const m = EQ.exec(filter);
  if (!m) throw refused(`The filter ${JSON.stringify(filter.slice(0, 200))} is not supported`);
  let value: unknown;
  try {
    value = JSON.parse(m[2]!);
  } catch {
    throw refused('The filter\'s value is not a valid string');
  }
  return { attribute: m[1]!.toLowerCase() === 'username' ? 'userName' : 'externalId', value: String(value) };
}

/** SCIM's attribute names are case-insensitive and may carry the core User schema's URN. */
export function attributePath(path: string): string {
  const lower = path.trim().toLowerCase();
  const prefix = `${SCIM_USER_SCHEMA.toLowerCase()}:`;
  return lower.startsWith(prefix) ? lower.slice(prefix.length) : lower;
}
