import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as samlify from 'samlify';

// A real SAML 2.0 identity provider for tests, built with samlify on a local port: metadata at
// /metadata, an AuthnRequest by HTTP-Redirect at /sso answered with an auto-submitting form that
// posts a signed SAMLResponse to the request's ACS. Knobs make the responses a relying party
// must refuse (unsigned, another key, expired, wrong audience or recipient, signature wrapping).

// samlify refuses to parse a request without an XML schema validator. This test IdP only reads
// AuthnRequests from the SP under test, so it accepts everything (never do this in an IdP that matters).
samlify.setSchemaValidator({ validate: async () => 'not validated: test identity provider' });

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const SAML_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

export type IdpUser = {
  email: string;
  first_name?: string;
  last_name?: string;
  /** NameID; the e-mail by default. */
  name_id?: string;
  /** Attributes sent instead of email / givenName / sn (e.g. OID or claim URI names). */
  attributes?: Record<string, string>;
};

export type IssueKnobs = {
  /** Sign the assertion (default true). */
  signAssertion: boolean;
  /** Sign the whole response (default false). */
  signResponse: boolean;
  /** NotOnOrAfter ten minutes in the past. */
  expired: boolean;
  /** Sign with a key whose certificate is not in the metadata. */
  otherCertificate: boolean;
  audience?: string;
  /** Destination and SubjectConfirmationData Recipient, instead of the ACS URL. */
  recipient?: string;
  issuer?: string;
  sessionNotOnOrAfter?: Date;
  /** /sso answers a signature-wrapped response naming this address instead (see wrapSignature). */
  wrapAs?: string;
};

export type ResponseFor = Partial<IssueKnobs> & {
  /** InResponseTo; null for an unsolicited (IdP-initiated) response. */
  requestId: string | null;
  acsUrl: string;
  spEntityId: string;
  user?: IdpUser;
};

export type SamlTestIdp = {
  url: string;
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  metadataXml: string;
  /** The signing certificate, base64 DER as in metadata. */
  certificate: string;
  setUser(user: IdpUser): void;
  /** Knobs for the responses /sso sends from now on. */
  set(knobs: Partial<IssueKnobs>): void;
  /** The AuthnRequests /sso received, last one last. */
  requests: { id: string; issuer: string; acsUrl: string; relayState: string | null; nameIdFormat: string | null }[];
  responseFor(opts: ResponseFor): Promise<string>;
  close(): Promise<void>;
};

const DEFAULT_KNOBS: IssueKnobs = { signAssertion: true, signResponse: false, expired: false, otherCertificate: false };

/** A fresh RSA key and self-signed certificate from openssl, in PEM. */
function keyPair(dir: string, name: string) {
  const [key, cert] = [path.join(dir, `${name}.key`), path.join(dir, `${name}.crt`)];
  execFileSync('/usr/bin/openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-subj', '/CN=lantern-test-idp', '-days', '2'], { stdio: 'ignore' });
  return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
}

// Loaded as CommonJS (Playwright's test runner), samlify's namespace keeps SamlLib on its default export.
const samlLib = samlify.SamlLib ?? (samlify as unknown as { default: typeof samlify }).default.SamlLib;

const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const newId = () => `_${randomBytes(16).toString('hex')}`;

// samlify's default template lacks an AuthnStatement and attributes; {Attributes} is filled separately (XML, not text).
const RESPONSE_TEMPLATE = [
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">',
  '<saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>',
  '<saml:Assertion ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}"><saml:Issuer>{Issuer}</saml:Issuer>',
  `<saml:Subject><saml:NameID Format="${EMAIL_FORMAT}">{NameID}</saml:NameID>`,
  '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Recipient}" InResponseTo="{InResponseTo}"/></saml:SubjectConfirmation></saml:Subject>',
  '<saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>',
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}" SessionNotOnOrAfter="{SessionNotOnOrAfter}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>',
  '<saml:AttributeStatement>{Attributes}</saml:AttributeStatement></saml:Assertion></samlp:Response>',
].join('');

function attributesXml(user: IdpUser): string {
  const attrs = user.attributes ?? { email: user.email, ...(user.first_name ? { givenName: user.first_name } : {}), ...(user.last_name ? { sn: user.last_name } : {}) };
  return Object.entries(attrs)
    .map(([name, value]) => `<saml:Attribute Name="${escapeXml(name)}"><saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`)
    .join('');
}

export async function startSamlIdp(opts: { user?: IdpUser; knobs?: Partial<IssueKnobs>; port?: number } = {}): Promise<SamlTestIdp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-saml-idp-'));
  const main = keyPair(dir, 'idp');
  let user: IdpUser = opts.user ?? { email: 'ada@harbor.edu', first_name: 'Ada', last_name: 'Lovelace' };
  let knobs: IssueKnobs = { ...DEFAULT_KNOBS, ...opts.knobs };
  const requests: SamlTestIdp['requests'] = [];

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err)));
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${url}/metadata`;
  const ssoUrl = `${url}/sso`;

  const entity = (pair: { key: string; cert: string }) =>
    samlify.IdentityProvider({ entityID: entityId, privateKey: pair.key, signingCert: pair.cert, wantAuthnRequestsSigned: false, nameIDFormat: [EMAIL_FORMAT], singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }] });
  const idp = entity(main);
  let other: ReturnType<typeof entity> | undefined; // made when first asked for: a key costs time
  const metadataXml = idp.getMetadata();

  async function responseFor(o: ResponseFor): Promise<string> {
    const k = { ...knobs, ...o };
    const who = o.user ?? user;
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const [id, assertionId] = [newId(), newId()];
    const xml = samlLib.replaceTagsByValue(RESPONSE_TEMPLATE, {
      ID: id,
      AssertionID: assertionId,
      IssueInstant: k.expired ? at(-15) : at(0),
      Destination: k.recipient ?? o.acsUrl,
      Recipient: k.recipient ?? o.acsUrl,
      InResponseTo: o.requestId ?? undefined,
      Issuer: k.issuer ?? entityId,
      Audience: k.audience ?? o.spEntityId,
      NameID: who.name_id ?? who.email,
      NotBefore: k.expired ? at(-15) : at(-1),
      NotOnOrAfter: k.expired ? at(-10) : at(5),
      SessionNotOnOrAfter: k.sessionNotOnOrAfter?.toISOString(),
    }).replace('{Attributes}', attributesXml(who));
    if (!k.signAssertion && !k.signResponse) return Buffer.from(xml).toString('base64');
    // samlify signs the assertion when the SP "wants assertions signed", the response when it "wants the message signed".
    const sp = samlify.ServiceProvider({ entityID: o.spEntityId, assertionConsumerService: [{ Binding: POST, Location: o.acsUrl }], wantAssertionsSigned: k.signAssertion, wantMessageSigned: k.signResponse });
    const signer = k.otherCertificate ? (other ??= entity(keyPair(dir, 'other'))) : idp;
    const { context } = await signer.createLoginResponse(sp, { extract: { request: { id: o.requestId } } } as never, 'post', { email: who.email }, { customTagReplacement: () => ({ id, context: xml }) });
    return context;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const u = new URL(req.url ?? '/', url);
    if (u.pathname === '/metadata') return void res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadataXml);
    if (u.pathname !== '/sso' || !u.searchParams.get('SAMLRequest')) return void res.writeHead(404).end('not here');
    const query = Object.fromEntries(u.searchParams);
    const { extract } = await idp.parseLoginRequest(samlify.ServiceProvider({ entityID: 'unknown-sp' }), 'redirect', { query, octetString: '' } as never);
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    const request = { id: str(extract.request?.id) ?? '', issuer: str(extract.issuer) ?? '', acsUrl: str(extract.request?.assertionConsumerServiceUrl) ?? '', relayState: query.RelayState ?? null, nameIdFormat: str(extract.nameIDPolicy?.format) };
    if (!request.id || !request.acsUrl) return void res.writeHead(400).end('AuthnRequest without ID or AssertionConsumerServiceURL');
    requests.push(request);
    const signed = await responseFor({ requestId: request.id, acsUrl: request.acsUrl, spEntityId: request.issuer });
    const samlResponse = knobs.wrapAs ? wrapSignature(signed, { email: knobs.wrapAs }) : signed;
    const field = (name: string, value: string | null) => (value === null ? '' : `<input type="hidden" name="${name}" value="${escapeXml(value)}">`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(request.acsUrl)}">${field('SAMLResponse', samlResponse)}${field('RelayState', request.relayState)}<noscript><button>Continue</button></noscript></form></body></html>`,
    );
  }

  return {
    url,
    entityId,
    ssoUrl,
    metadataUrl: entityId,
    metadataXml,
    certificate: pemBody(main.cert),
    setUser: (u) => void (user = u),
    set: (k) => void (knobs = { ...knobs, ...k }),
    requests,
    responseFor,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An XML signature wrapping attack on a response whose assertion (only) is signed: an unsigned copy
 * of the assertion naming `email` takes the signed one's place, and the signed original is tucked
 * into the copy's Advice ('advice'), or the copy is put beside it ('sibling'). A checker that
 * verifies "a signature" and then reads "the assertion" would sign the attacker in.
 */
export function wrapSignature(base64Response: string, { email, variant = 'advice' }: { email: string; variant?: 'advice' | 'sibling' }): string {
  const doc = new DOMParser().parseFromString(Buffer.from(base64Response, 'base64').toString('utf8'), 'text/xml');
  const original = doc.getElementsByTagNameNS(SAML_NS, 'Assertion')[0];
  const evil = original.cloneNode(true) as typeof original;
  evil.setAttribute('ID', newId());
  for (const sig of Array.from(evil.getElementsByTagNameNS(DS_NS, 'Signature'))) evil.removeChild(sig);
  evil.getElementsByTagNameNS(SAML_NS, 'NameID')[0].textContent = email;
  for (const value of Array.from(evil.getElementsByTagNameNS(SAML_NS, 'AttributeValue'))) {
    if (value.parentNode && /mail/i.test((value.parentNode as typeof original).getAttribute('Name') ?? '')) value.textContent = email;
  }
  original.parentNode!.insertBefore(evil, original);
  if (variant === 'advice') {
    const advice = doc.createElementNS(SAML_NS, 'saml:Advice');
    evil.insertBefore(advice, evil.getElementsByTagNameNS(SAML_NS, 'AuthnStatement')[0]);
    advice.appendChild(original);
  }
  return Buffer.from(new XMLSerializer().serializeToString(doc)).toString('base64');
}
