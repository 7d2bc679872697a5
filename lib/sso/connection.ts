import 'server-only';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { getDb, type Executor } from '@/db/client';
import { isUniqueViolation } from '@/db/faults';
import { schools, scimTokens, ssoConnections, ssoDomains, users, type OidcDiscovery, type SamlIdpRecord, type SsoConnectionRow } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { revokeAllRefreshTokens } from '@/lib/auth/tokens';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { AppError, conflict, forbidden, notFound, validationError, type ValidationIssue } from '@/lib/http/errors';
import { MASKED_SECRET } from '@/lib/security/masked-secret';
import { allowListed, safeFetch } from '@/lib/security/outbound';
import { seal } from '@/lib/security/secret-box';
import { requireSchoolId } from '@/lib/tenancy';
import { websiteDomain } from '@/lib/widget/origins';
import { domainOf, schoolDomains } from './domains';
import { CLIENT_SECRET_PURPOSE, oidcRedirectUri } from './oidc';
import { parseIdpMetadata, samlAcsUrl, samlMetadataUrl, spEntityId } from './saml';
import { PUBLIC_MAIL_DOMAINS, type OidcConnectionInput, type SamlConnectionInput, type SsoConnectionInput, type SsoConnectionView } from './schema';

// A school's single sign-on connection (GET/PUT/DELETE /schools/my-school/sso): its identity
// provider, checked on save (an OpenID provider's discovery document, a SAML identity provider's
// metadata), and the e-mail domains it signs in. A domain must be the school's website domain or under it (a superuser may approve
// another), never a public mail service's, and belongs to one school.

export const SSO_NOT_FOUND = 'No single sign-on connection for this school';

/** School admins, and superusers working in the school. */
export function requireSsoAdmin(ctx: AuthContext): number {
  if (ctx.role !== 'admin' && ctx.role !== 'superuser') throw forbidden('Not enough permissions: only administrators can set up single sign-on.');
  return requireSchoolId(ctx);
}

function view(row: SsoConnectionRow, domains: string[]): SsoConnectionView {
  const common = { email_domains: domains, default_role: row.defaultRole, enforce: row.enforce, enabled: row.enabled, updated_at: row.updatedAt.toISOString() };
  if (row.protocol === 'saml') {
    return {
      protocol: 'saml',
      idp_metadata_url: row.idpMetadataUrl,
      idp_entity_id: row.idp?.entity_id ?? null,
      idp_sso_url: row.idp?.sso_url ?? null,
      ...common,
      sp_entity_id: spEntityId(row.schoolId),
      acs_url: samlAcsUrl(row.schoolId),
      sp_metadata_url: samlMetadataUrl(row.schoolId),
    };
  }
  return {
    protocol: 'oidc',
    issuer: row.issuer,
    client_id: row.clientId,
    client_secret: row.clientSecretSealed ? MASKED_SECRET : null,
    ...common,
    redirect_uri: oidcRedirectUri(),
  };
}

/** The school's stored connection, or null. */
export async function storedConnection(schoolId: number): Promise<SsoConnectionRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.schoolId, schoolId)).limit(1);
  return row ?? null;
}

/** A change to the school's single sign-on (connection or SCIM token), audited in the caller's transaction. */
export const recordSsoChange = (ctx: AuthContext, schoolId: number, details: Record<string, unknown>, tx: Executor) =>
  recordAudit({ action: 'settings.sso_changed', actor: staffActor(ctx), schoolId, target: { type: 'school', id: schoolId }, details }, tx);

/** GET /schools/my-school/sso. */
export async function getSsoConnection(ctx: AuthContext): Promise<SsoConnectionView> {
  const schoolId = requireSsoAdmin(ctx);
  const row = await storedConnection(schoolId);
  if (!row) throw notFound(SSO_NOT_FOUND);
  return view(row, await schoolDomains(schoolId));
}

/** The website's domain itself or a domain under it (harbor.edu, staff.harbor.edu for www.harbor.edu); anything else needs a superuser. */
const ofWebsite = (d: string, site: string | null) => Boolean(site && (d === site || d.endsWith(`.${site}`)));

/**
 * Each domain a school may claim: not a public mail service, its website's domain or under it, or
 * approved by a superuser (now, or before: a stored approval stands when an admin saves again).
 */
function domainProblems(domains: string[], website: string | null, superuser: boolean, approved: Set<string>): string[] {
  const site = websiteDomain(website);
  return domains.flatMap((d) => {
    if ((PUBLIC_MAIL_DOMAINS as readonly string[]).includes(d)) return [`${d} is a public mail service: anyone can have an address there`];
    if (superuser || ofWebsite(d, site) || approved.has(d)) return [];
    return [`${d} is not the school's website domain${site ? ` (${site})` : ' (set the website in School Management)'} or under it; a superuser can approve it`];
  });
}

/** An identity provider is reached over https: over plain http anyone on the way could change its keys. Only hosts OUTBOUND_ALLOW_HOSTS names (a provider on this network, tests) may use http. */
function requireHttps(address: string, field: 'issuer' | 'idp_metadata_url'): void {
  const url = new URL(address);
  if (url.protocol === 'http:' && !allowListed(url)) throw validationError([{ loc: ['body', field], msg: `The identity provider must be reached over https (${field} is http)`, type: 'value_error' }]);
}

/** The issuer's discovery document, checked as an OpenID provider's (422 naming issuer otherwise). */
async function discover(issuer: string): Promise<OidcDiscovery> {
  const base = issuer.replace(/\/+$/, '');
  const notProvider = (why: string) => validationError([{ loc: ['body', 'issuer'], msg: `This is not an OpenID provider: ${why}`, type: 'value_error' }]);
  let doc: Record<string, unknown>;
  try {
    const res = await safeFetch(`${base}/.well-known/openid-configuration`, { headers: { accept: 'application/json' }, maxBytes: 512 * 1024 });
    if (res.status !== 200) throw notProvider(`${base}/.well-known/openid-configuration answered ${res.status}`);
    doc = JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw notProvider('its discovery document is not a JSON object');
  } catch (err) {
    if (err instanceof AppError && err.status === 422) throw err;
    throw notProvider(err instanceof SyntaxError ? 'its discovery document is not JSON' : err instanceof Error ? err.message : 'its discovery document could not be read');
  }
  if (typeof doc.issuer !== 'string' || doc.issuer.replace(/\/+$/, '') !== base) throw notProvider(`its discovery document names the issuer ${JSON.stringify(doc.issuer)}`);
  for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof doc[key] !== 'string') throw notProvider(`its discovery document has no ${key}`);
  }
  const types = doc.response_types_supported;
  if (Array.isArray(types) && !types.includes('code')) throw notProvider('it does not offer the authorization code flow');
  const opt = (k: string) => (typeof doc[k] === 'string' ? { [k]: doc[k] as string } : {});
  return { authorization_endpoint: doc.authorization_endpoint as string, token_endpoint: doc.token_endpoint as string, jwks_uri: doc.jwks_uri as string, ...opt('userinfo_endpoint'), ...opt('end_session_endpoint') };
}

/**
 * The identity provider's metadata, pasted or read from its address, and what it says (422 naming
 * the field it came from). Neither given: the stored metadata is kept (like the OIDC secret), so
 * changing a domain or enforcement does not need the XML pasted again.
 */
async function samlMetadata(input: SamlConnectionInput, stored: SsoConnectionRow | undefined): Promise<{ xml: string; url: string | null; idp: SamlIdpRecord }> {
  const url = input.idp_metadata_url || null;
  const pasted = input.idp_metadata_xml?.trim() || null;
  if (!url && !pasted) {
    if (stored?.protocol === 'saml' && stored.idpMetadataXml && stored.idp) return { xml: stored.idpMetadataXml, url: stored.idpMetadataUrl, idp: stored.idp };
    throw validationError([{ loc: ['body', 'idp_metadata_xml'], msg: "Paste the identity provider's metadata (idp_metadata_xml) or give its address (idp_metadata_url)", type: 'missing' }]);
  }
  if (!url) return { xml: pasted!, url: null, idp: parseIdpMetadata(pasted!) };
  requireHttps(url, 'idp_metadata_url');
  const unreadable = (why: string) => validationError([{ loc: ['body', 'idp_metadata_url'], msg: `The identity provider's metadata could not be read from this address: ${why}`, type: 'value_error' }]);
  let xml: string;
  try {
    const res = await safeFetch(url, { headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' }, maxBytes: 1024 * 1024 });
    if (res.status !== 200) throw unreadable(`it answered ${res.status}`);
    xml = res.body.toString('utf8');
  } catch (err) {
    if (err instanceof AppError && err.status === 422) throw err;
    throw unreadable(err instanceof Error ? err.message : 'no answer');
  }
  try {
    return { xml, url, idp: parseIdpMetadata(xml) };
  } catch (err) {
    // parseIdpMetadata names idp_metadata_xml; the XML came from the address, so the address is what to fix.
    if (!(err instanceof AppError) || err.status !== 422) throw err;
    throw validationError((err.detail as ValidationIssue[]).map((issue) => ({ ...issue, loc: ['body', 'idp_metadata_url'], msg: `At this address: ${issue.msg}` })));
  }
}

/** The columns of one protocol, the other protocol's cleared (switching protocol leaves nothing of the old one behind). */
const NO_OIDC = { issuer: null, clientId: null, clientSecretSealed: null, discovery: null };
const NO_SAML = { idpMetadataXml: null, idpMetadataUrl: null, idp: null };

/** PUT /schools/my-school/sso: checks the provider and the domains, then saves both in one transaction. */
export async function saveSsoConnection(ctx: AuthContext, input: SsoConnectionInput): Promise<SsoConnectionView> {
  const schoolId = requireSsoAdmin(ctx);
  const db = await getDb();
  const [school] = await db.select({ website: schools.websiteUrl }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  const domains = [...new Set(input.email_domains)].sort();
  const approvals = new Map(
    (await db.select({ domain: ssoDomains.domain, by: ssoDomains.approvedBy }).from(ssoDomains).where(eq(ssoDomains.schoolId, schoolId))).flatMap((d) => (d.by === null ? [] : [[d.domain, d.by] as const])),
  );
  const problems = domainProblems(domains, school?.website ?? null, ctx.role === 'superuser', new Set(approvals.keys()));
  if (problems.length) throw validationError(problems.map((msg) => ({ loc: ['body', 'email_domains'], msg, type: 'value_error' })));
  const stored = (await storedConnection(schoolId)) ?? undefined;
  const change = stored ? 'updated' : 'created';
  const common = { defaultRole: input.default_role, enforce: input.enforce, enabled: input.enabled, updatedAt: new Date() };

  let values: Partial<typeof ssoConnections.$inferInsert> & { protocol: 'oidc' | 'saml' };
  let details: Record<string, unknown>;
  if (input.protocol === 'oidc') {
    const oidc = input as OidcConnectionInput;
    const secretGiven = oidc.client_secret !== undefined && oidc.client_secret !== MASKED_SECRET && oidc.client_secret !== '';
    if (!secretGiven && !stored?.clientSecretSealed) throw validationError([{ loc: ['body', 'client_secret'], msg: 'client_secret is required', type: 'missing' }]);
    requireHttps(oidc.issuer, 'issuer');
    const discovery = await discover(oidc.issuer);
    const issuer = oidc.issuer.replace(/\/+$/, '');
    values = { protocol: 'oidc', ...NO_SAML, issuer, clientId: oidc.client_id, ...(secretGiven ? { clientSecretSealed: seal(oidc.client_secret!, CLIENT_SECRET_PURPOSE) } : {}), discovery, ...common };
    details = { change, protocol: 'oidc', issuer, email_domains: domains, enforce: input.enforce, enabled: input.enabled, secret_changed: secretGiven };
  } else {
    const metadata = await samlMetadata(input, stored);
    values = { protocol: 'saml', ...NO_OIDC, idpMetadataXml: metadata.xml, idpMetadataUrl: metadata.url, idp: metadata.idp, ...common };
    // The entity id says which provider; the XML (and its certificates) stays out of the log.
    details = { change, protocol: 'saml', idp_entity_id: metadata.idp.entity_id, idp_metadata_url: metadata.url, email_domains: domains, enforce: input.enforce, enabled: input.enabled };
  }

  try {
    await db.transaction(async (tx) => {
      const taken = await tx.select({ domain: ssoDomains.domain }).from(ssoDomains).where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.schoolId, schoolId)));
      if (taken.length) throw conflict(`Another school signs in ${taken.map((t) => t.domain).join(', ')} with its own connection`);
      await tx.insert(ssoConnections).values({ schoolId, ...values }).onConflictDoUpdate({ target: ssoConnections.schoolId, set: values });
      await tx.delete(ssoDomains).where(eq(ssoDomains.schoolId, schoolId));
      const site = websiteDomain(school?.website ?? null);
      await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, schoolId, approvedBy: ofWebsite(domain, site) ? null : (approvals.get(domain) ?? ctx.user.id) })));
      await recordSsoChange(ctx, schoolId, details, tx);
    });
  } catch (err) {
    // Another school claimed one of the domains at the same moment.
    if (isUniqueViolation(err)) throw conflict('Another school has just claimed one of these domains with its own connection');
    throw err;
  }
  // Enforcement turned on: password sessions of the school's staff in these domains end now (their
  // next sign-in is by SSO); superusers keep theirs, and so does the person making the change.
  if (input.enforce && !stored?.enforce) await endPasswordSessions(schoolId, domains, ctx.familyId);
  return getSsoConnection(ctx);
}

async function endPasswordSessions(schoolId: number, domains: string[], keepFamily: string | undefined): Promise<void> {
  const db = await getDb();
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), ne(users.role, 'superuser')));
  const ids = staff.filter((u) => domains.includes(domainOf(u.email))).map((u) => u.id);
  await revokeAllRefreshTokens(ids, keepFamily);
}

/** DELETE /schools/my-school/sso. */
export async function deleteSsoConnection(ctx: AuthContext): Promise<{ message: string }> {
  const schoolId = requireSsoAdmin(ctx);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const gone = await tx.delete(ssoConnections).where(eq(ssoConnections.schoolId, schoolId)).returning({ id: ssoConnections.schoolId });
    if (!gone.length) throw notFound(SSO_NOT_FOUND);
    await tx.delete(ssoDomains).where(eq(ssoDomains.schoolId, schoolId));
    // Provisioning belongs to the connection: its SCIM token goes with it.
    const scim = await tx.delete(scimTokens).where(eq(scimTokens.schoolId, schoolId)).returning({ id: scimTokens.schoolId });
    await recordSsoChange(ctx, schoolId, { change: 'deleted', ...(scim.length ? { scim_token: 'revoked' } : {}) }, tx);
  });
  return { message: 'Single sign-on connection deleted' };
}
