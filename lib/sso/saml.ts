import 'server-only';
import { randomBytes, X509Certificate } from 'node:crypto';
import { generateServiceProviderMetadata, SAML, SamlStatusError, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { validationError } from '@/lib/http/errors';
import { publicOrigin } from '@/lib/system/public-origin';
import { ssoError, SsoError } from './errors';

// SAML 2.0 single sign-on, the service-provider side: the identity provider's metadata read and
// checked on save, the AuthnRequest sent by HTTP-Redirect, and the response posted back to the
// ACS checked with node-saml (signature, audience, wrapping) plus what node-saml leaves to us
// (issuer, recipient, the times against one clock, InResponseTo from the signed assertion).

export type SamlIdp = { entity_id: string; sso_url: string; certificates: string[] };

export type SamlSignIn = {
  in_response_to: string;
  name_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  session_not_on_or_after: Date | null;
  assertion_id: string;
  issuer: string;
};

const NS = {
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
};
const select = xpath.useNamespaces(NS);
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
/** Clocks of the two servers may differ this much. */
const CLOCK_SKEW_MS = 60_000;

export const spEntityId = (schoolId: number) => `${publicOrigin()}/auth/sso/saml/metadata/${schoolId}`;
export const samlMetadataUrl = spEntityId;
export const samlAcsUrl = (schoolId: number) => `${publicOrigin()}/auth/sso/saml/acs/${schoolId}`;

/** Parses XML without ever reading a DTD (XXE, entity expansion): null when it has one or is not XML. */
function parseXml(xml: string): Document | 'doctype' | null {
  if (/<!DOCTYPE/i.test(xml)) return 'doctype';
  let failed = false;
  const onError = () => {
    failed = true;
  };
  const doc = new DOMParser({ errorHandler: { error: onError, fatalError: onError } }).parseFromString(xml, 'text/xml');
  return failed || !doc?.documentElement ? null : (doc as unknown as Document);
}

const nodes = (expr: string, node: Node) => select(expr, node) as Node[];
const text = (expr: string, node: Node) => {
  const found = select(`string(${expr})`, node, true);
  return typeof found === 'string' && found.trim() ? found.trim() : null;
};

/** Reads and checks an identity provider's metadata (422 naming idp_metadata_xml otherwise). */
export function parseIdpMetadata(xml: string, now = new Date()): SamlIdp {
  const wrong = (msg: string) => validationError([{ loc: ['body', 'idp_metadata_xml'], msg, type: 'value_error' }]);
  const doc = parseXml(xml);
  if (doc === 'doctype') throw wrong('The metadata contains a DOCTYPE, which is not allowed (it can make a server read other files): remove it');
  if (!doc) throw wrong('This is not XML: paste the identity provider\'s metadata document');
  const entities = nodes('//md:EntityDescriptor[md:IDPSSODescriptor]', doc);
  if (entities.length === 0) throw wrong('This is not SAML metadata: no IDPSSODescriptor');
  if (entities.length > 1) throw wrong(`The metadata describes ${entities.length} identity providers: paste the metadata of one`);
  const [entity] = entities;
  const entityId = text('@entityID', entity);
  if (!entityId) throw wrong('The identity provider\'s metadata has no entityID');
  const [idp] = nodes('md:IDPSSODescriptor', entity);
  if (!(text('@protocolSupportEnumeration', idp) ?? '').split(/\s+/).includes(NS.samlp)) throw wrong('The identity provider does not offer SAML 2.0');

  const ssoUrl = text(`md:SingleSignOnService[@Binding='${REDIRECT}'][1]/@Location`, idp);
  if (!ssoUrl) throw wrong('The identity provider\'s metadata offers no HTTP-Redirect sign-in address');
  if (!URL.canParse(ssoUrl) || !/^https?:$/.test(new URL(ssoUrl).protocol)) throw wrong(`The identity provider's sign-in address is not a web address: ${ssoUrl}`);

  const bodies = nodes("md:KeyDescriptor[not(@use) or @use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate", idp).map((n) => (n.textContent ?? '').replace(/\s+/g, ''));
  const unique = [...new Set(bodies.filter(Boolean))];
  if (!unique.length) throw wrong('The identity provider\'s metadata has no signing certificate');
  const certs = unique.map((body) => {
    try {
      return { body, cert: new X509Certificate(Buffer.from(body, 'base64')) };
    } catch {
      throw wrong('The identity provider\'s signing certificate in its metadata cannot be read');
    }
  });
  // An expired certificate is dropped (an IdP rolling its key lists the old one beside the new one).
  const current = certs.filter((c) => new Date(c.cert.validTo) > now);
  if (!current.length) {
    const last = new Date(Math.max(...certs.map((c) => new Date(c.cert.validTo).getTime())));
    throw wrong(`The identity provider's signing certificate expired on ${last.toISOString().slice(0, 10)}: ask the identity provider for current metadata`);
  }
  return { entity_id: entityId, sso_url: ssoUrl, certificates: current.map((c) => c.body) };
}

/** node-saml for one school and IdP; `requestId` is the AuthnRequest's ID when signing in. */
function saml(schoolId: number, idp: SamlIdp, requestId?: string) {
  return new SAML({
    issuer: spEntityId(schoolId),
    audience: spEntityId(schoolId),
    callbackUrl: samlAcsUrl(schoolId),
    entryPoint: idp.sso_url,
    idpCert: idp.certificates,
    identifierFormat: EMAIL_FORMAT,
    // The IdP chooses how its people sign in (node-saml would demand PasswordProtectedTransport exactly).
    disableRequestedAuthnContext: true,
    // A signed response OR a signed assertion: with both false node-saml accepts a valid response
    // signature, and otherwise requires the assertion's own; neither signed is refused.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    // The caller checks InResponseTo against its stored request, once, in the database.
    validateInResponseTo: ValidateInResponseTo.never,
    // Times are checked below against one clock (`now`), also SubjectConfirmationData's, which
    // node-saml skips when it does not validate InResponseTo.
    acceptedClockSkewMs: -1,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** The SP's metadata, for the IdP's administrator. */
export function spMetadataXml(schoolId: number): string {
  return generateServiceProviderMetadata({
    issuer: spEntityId(schoolId),
    callbackUrl: samlAcsUrl(schoolId),
    identifierFormat: EMAIL_FORMAT,
    wantAssertionsSigned: true,
    generateUniqueId: () => `_lantern-sp-${schoolId}`,
  });
}

/** Where to send the browser: an unsigned AuthnRequest by HTTP-Redirect; keep `requestId` to check InResponseTo. */
export async function samlSignInUrl({ schoolId, idp, relayState }: { schoolId: number; idp: SamlIdp; relayState: string }): Promise<{ url: string; requestId: string }> {
  const requestId = `_${randomBytes(20).toString('hex')}`;
  const url = await saml(schoolId, idp, requestId).getAuthorizeUrlAsync(relayState, undefined, {});
  return { url, requestId };
}

/** Why node-saml refused the response, as a code and words for a person. */
function refusal(err: unknown, doc: Document, idp: SamlIdp): SsoError {
  if (err instanceof SamlStatusError) return ssoError('provider_error', `The identity provider refused the sign-in (${err.message.replace(/^SAML provider returned /, '')})`);
  const message = err instanceof Error ? err.message : String(err);
  const audience = /audience mismatch\. Expected: (.*) Received: (.*)$/.exec(message);
  if (audience) return ssoError('audience', `The sign-in response was meant for another service (audience ${audience[2]}, expected ${audience[1]})`);
  // node-saml: no AudienceRestriction, no Audience in it, or no Conditions at all (a TypeError on them).
  if (/audience/i.test(message)) return ssoError('audience', 'The sign-in response does not say which service it is meant for (no audience)');
  if (/decrypt|EncryptedAssertion/i.test(message)) return ssoError('malformed', 'The identity provider encrypted the assertion: turn assertion encryption off for Lantern');
  if (/^Invalid signature$/.test(message)) {
    const signatures = nodes('//ds:Signature', doc);
    if (!signatures.length) return ssoError('unsigned', 'The sign-in response was not signed by the identity provider');
    const known = new Set(idp.certificates);
    const shown = signatures.flatMap((s) => nodes('ds:KeyInfo/ds:X509Data/ds:X509Certificate', s).map((n) => (n.textContent ?? '').replace(/\s+/g, '')));
    if (shown.length && !shown.some((c) => known.has(c))) return ssoError('certificate', 'The identity provider\'s certificate does not match the one in its metadata: update the metadata in Lantern');
  }
  if (/signature|signed|reference|transforms/i.test(message)) return ssoError('signature', 'The sign-in response\'s signature is not valid');
  return ssoError('malformed', 'The sign-in response could not be read');
}

type Xml2Js = { $?: Record<string, string | undefined>; _?: string } & { [child: string]: Xml2Js[] | Record<string, string | undefined> | string | undefined };
const kids = (node: Xml2Js | undefined, name: string) => (Array.isArray(node?.[name]) ? (node[name] as Xml2Js[]) : []);
const ms = (value: string | undefined) => (value ? Date.parse(value) : NaN);

/** Checks what node-saml leaves to the relying party, on the signed assertion only. */
function checkAssertion(assertion: Xml2Js, doc: Document, schoolId: number, idp: SamlIdp, now: number): string {
  // The Response's Issuer is optional; when present it must agree with the assertion's.
  for (const issuer of [kids(assertion, 'Issuer')[0]?._?.trim(), text('/samlp:Response/saml:Issuer', doc) ?? idp.entity_id]) {
    if (issuer !== idp.entity_id) throw ssoError('issuer', `The sign-in response came from another identity provider (${issuer ?? 'none named'}, expected ${idp.entity_id})`);
  }
  const acs = samlAcsUrl(schoolId);
  const destination = text('/samlp:Response/@Destination', doc);
  if (destination && destination !== acs) throw ssoError('recipient', `The sign-in response was sent to another address (${destination}, expected ${acs})`);

  const conditions = kids(assertion, 'Conditions')[0]?.$ ?? {};
  if (ms(conditions.NotBefore) > now + CLOCK_SKEW_MS) throw ssoError('expired', 'The sign-in response is not valid yet: check the clocks of the identity provider and this server');
  if (ms(conditions.NotOnOrAfter) <= now - CLOCK_SKEW_MS) throw ssoError('expired', 'The sign-in response has expired: try again');

  const bearers = kids(kids(assertion, 'Subject')[0], 'SubjectConfirmation').filter((c) => c.$?.Method === BEARER).map((c) => kids(c, 'SubjectConfirmationData')[0]?.$ ?? {});
  if (!bearers.length) throw ssoError('malformed', 'The sign-in response has no bearer subject confirmation');
  const forUs = bearers.filter((d) => d.Recipient === acs);
  if (!forUs.length) throw ssoError('recipient', `The sign-in response was meant for another address (${bearers[0].Recipient ?? 'none named'}, expected ${acs})`);
  // Web SSO profile: the bearer confirmation carries NotOnOrAfter, and InResponseTo for a requested sign-in.
  const live = forUs.find((d) => ms(d.NotOnOrAfter) > now - CLOCK_SKEW_MS);
  if (!live) throw ssoError('expired', 'The sign-in response has expired: try again');
  const inResponseTo = live.InResponseTo;
  if (!inResponseTo) throw ssoError('state', 'This sign-in did not start at Lantern (unsolicited responses are not accepted): sign in from Lantern\'s sign-in page');
  const responseInResponseTo = text('/samlp:Response/@InResponseTo', doc);
  if (responseInResponseTo && responseInResponseTo !== inResponseTo) throw ssoError('state', 'The sign-in response answers another sign-in request');
  return inResponseTo;
}

const EMAIL_ATTRS = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'emailAddress'];
const GIVEN_ATTRS = ['givenName', 'urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'firstName'];
const SURNAME_ATTRS = ['sn', 'surname', 'urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'lastName'];

/** The first non-empty text value among the named attributes. */
function attribute(profile: Profile, names: string[]): string | null {
  const attrs = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const value = [attrs[name]].flat().find((v) => typeof v === 'string' && v.trim());
    if (typeof value === 'string') return value.trim();
  }
  return null;
}

/** Checks the base64 `SAMLResponse` posted to the ACS and reads who signed in; throws SsoError. */
export async function readSamlResponse({ schoolId, idp, samlResponse, now = new Date() }: { schoolId: number; idp: SamlIdp; samlResponse: string; now?: Date }): Promise<SamlSignIn> {
  const compact = samlResponse.replace(/\s+/g, '');
  const doc = /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? parseXml(Buffer.from(compact, 'base64').toString('utf8')) : null;
  if (doc === 'doctype') throw ssoError('malformed', 'The sign-in response contains a DOCTYPE, which is not allowed');
  if (!doc || !nodes('/samlp:Response', doc).length) throw ssoError('malformed', 'The sign-in response could not be read');

  let profile: Profile | null;
  try {
    ({ profile } = await saml(schoolId, idp).validatePostResponseAsync({ SAMLResponse: compact }));
  } catch (err) {
    throw refusal(err, doc, idp);
  }
  if (!profile?.getAssertion) throw ssoError('provider_error', 'The identity provider did not sign anyone in');
  // Parsed by node-saml from the signed bytes only.
  const assertion = (profile.getAssertion() as { Assertion: Xml2Js }).Assertion;
  const inResponseTo = checkAssertion(assertion, doc, schoolId, idp, now.getTime());
  const nameId = typeof profile.nameID === 'string' ? profile.nameID.trim() : '';
  const assertionId = assertion.$?.ID;
  if (!nameId || !assertionId) throw ssoError('malformed', 'The sign-in response does not name the person (no NameID)');

  const nameIdEmail = profile.nameIDFormat === EMAIL_FORMAT && nameId.includes('@') ? nameId : null;
  const email = attribute(profile, EMAIL_ATTRS) ?? nameIdEmail;
  const sessionEnd = ms(kids(assertion, 'AuthnStatement')[0]?.$?.SessionNotOnOrAfter);
  return {
    in_response_to: inResponseTo,
    name_id: nameId,
    email: email?.includes('@') ? email : null,
    first_name: attribute(profile, GIVEN_ATTRS),
    last_name: attribute(profile, SURNAME_ATTRS),
    session_not_on_or_after: Number.isNaN(sessionEnd) ? null : new Date(sessionEnd),
    assertion_id: assertionId,
    issuer: idp.entity_id,
  };
}
