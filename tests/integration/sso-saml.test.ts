import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, type ValidationIssue } from '@/lib/http/errors';
import { SsoError, type SsoFailure } from '@/lib/sso/errors';
import { parseIdpMetadata, readSamlResponse, samlAcsUrl, samlMetadataUrl, samlSignInUrl, spEntityId, spMetadataXml, type SamlIdp } from '@/lib/sso/saml';
import { startSamlIdp, wrapSignature, type ResponseFor, type SamlTestIdp } from '../support/saml-idp';

// The SAML service-provider side (lib/sso/saml.ts) against a real identity provider (samlify, on a
// local port): metadata checked on save, the AuthnRequest, and every response a relying party must
// refuse, no browser.

const SCHOOL = 7;
let idp: SamlTestIdp;
let config: SamlIdp;
let appUrl: string | undefined;

beforeAll(async () => {
  appUrl = process.env.APP_URL;
  process.env.APP_URL = 'https://lantern.example';
  idp = await startSamlIdp();
  config = parseIdpMetadata(idp.metadataXml);
});

afterAll(async () => {
  if (appUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = appUrl;
  await idp.close();
});

/** The words of the 422 parseIdpMetadata throws. */
function metadataProblem(xml: string, now?: Date): string {
  try {
    parseIdpMetadata(xml, now);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const [issue] = (err as AppError).detail as ValidationIssue[];
    expect(issue.loc).toEqual(['body', 'idp_metadata_xml']);
    return issue.msg;
  }
  throw new Error('the metadata was accepted');
}

const respond = (over: Partial<ResponseFor> = {}) => idp.responseFor({ requestId: '_request-1', acsUrl: samlAcsUrl(SCHOOL), spEntityId: spEntityId(SCHOOL), ...over });
const read = (samlResponse: string, over: { schoolId?: number; now?: Date } = {}) => readSamlResponse({ schoolId: SCHOOL, idp: config, samlResponse, ...over });
async function refused(samlResponse: string | Promise<string>, code: SsoFailure, over: { schoolId?: number; now?: Date } = {}): Promise<SsoError> {
  const err = await read(await samlResponse, over).then(
    (ok) => ok,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SsoError);
  expect((err as SsoError).code).toBe(code);
  return err as SsoError;
}
const xmlOf = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
const b64 = (xml: string) => Buffer.from(xml).toString('base64');

describe("an identity provider's metadata", () => {
  it('gives the entity id, the HTTP-Redirect sign-in address and the signing certificate', () => {
    expect(config).toEqual({ entity_id: idp.entityId, sso_url: idp.ssoUrl, certificates: [idp.certificate] });
    const bare = idp.metadataXml.replace(/^<\?xml[^>]*>/, '');
    const inList = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${bare}</EntitiesDescriptor>`;
    expect(parseIdpMetadata(inList)).toEqual(config);
    expect(metadataProblem(`<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${bare}${bare}</EntitiesDescriptor>`)).toMatch(/2 identity providers/);
  });

  it('is refused when it is not SAML metadata, or not XML', () => {
    expect(metadataProblem('<html><body>Sign in</body></html>')).toBe('This is not SAML metadata: no IDPSSODescriptor');
    expect(metadataProblem(idp.metadataXml.replace(/urn:oasis:names:tc:SAML:2\.0:metadata/, 'urn:example:other'))).toMatch(/no IDPSSODescriptor/);
    expect(metadataProblem('{"issuer": "https://idp.example"}')).toMatch(/not XML/);
  });

  it('is refused with a DOCTYPE (external entities)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${idp.metadataXml.replace(/^<\?xml[^>]*>/, '')}`;
    expect(metadataProblem(xxe)).toMatch(/DOCTYPE/);
  });

  it('is refused without an HTTP-Redirect sign-in address', () => {
    expect(metadataProblem(idp.metadataXml.replace(/bindings:HTTP-Redirect/g, 'bindings:HTTP-POST'))).toBe("The identity provider's metadata offers no HTTP-Redirect sign-in address");
  });

  it('is refused without a signing certificate, or with one that cannot be read or has expired', () => {
    expect(metadataProblem(idp.metadataXml.replace(/<KeyDescriptor[\s\S]*<\/KeyDescriptor>/, ''))).toBe("The identity provider's metadata has no signing certificate");
    expect(metadataProblem(idp.metadataXml.replace('use="signing"', 'use="encryption"'))).toMatch(/no signing certificate/);
    expect(metadataProblem(idp.metadataXml.replace(/<ds:X509Certificate>[^<]*</, '<ds:X509Certificate>AAAA<'))).toMatch(/certificate .*cannot be read/);
    // The test IdP's certificate is good for two days.
    expect(metadataProblem(idp.metadataXml, new Date(Date.now() + 3 * 86_400_000))).toMatch(/certificate expired on \d{4}-\d\d-\d\d/);
  });
});

describe("Lantern's own metadata", () => {
  it('names the entity id, the ACS and what Lantern wants', () => {
    const xml = spMetadataXml(SCHOOL);
    expect(spEntityId(SCHOOL)).toBe('https://lantern.example/auth/sso/saml/metadata/7');
    expect(samlMetadataUrl(SCHOOL)).toBe(spEntityId(SCHOOL));
    expect(xml).toContain('entityID="https://lantern.example/auth/sso/saml/metadata/7"');
    expect(xml).toMatch(/<AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-POST"[^>]*Location="https:\/\/lantern\.example\/auth\/sso\/saml\/acs\/7"/);
    expect(xml).toContain('WantAssertionsSigned="true"');
    expect(xml).toContain('AuthnRequestsSigned="false"');
    expect(xml).toContain('<NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</NameIDFormat>');
    expect(spMetadataXml(SCHOOL)).toBe(xml);
  });
});

describe('signing in', () => {
  it('sends an AuthnRequest by HTTP-Redirect with the RelayState, and the IdP answers that request', async () => {
    const { url, requestId } = await samlSignInUrl({ schoolId: SCHOOL, idp: config, relayState: 'state-123' });
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe(idp.ssoUrl);
    expect(target.searchParams.get('RelayState')).toBe('state-123');
    expect(target.searchParams.get('Signature')).toBeNull();
    const request = inflateRawSync(Buffer.from(target.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    expect(request).toContain(`ID="${requestId}"`);
    expect(request).toContain('nameid-format:emailAddress');
    expect(request).not.toContain('RequestedAuthnContext');

    const page = await (await fetch(url)).text();
    expect(idp.requests.at(-1)).toEqual({ id: requestId, issuer: spEntityId(SCHOOL), acsUrl: samlAcsUrl(SCHOOL), relayState: 'state-123', nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' });
    expect(page).toContain(`action="${samlAcsUrl(SCHOOL)}"`);
    expect(page).toContain('name="RelayState" value="state-123"');
    const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(page)![1];
    expect((await read(samlResponse)).in_response_to).toBe(requestId);
  });

  it('reads who signed in from a good response', async () => {
    const sessionEnd = new Date(Date.now() + 8 * 3_600_000);
    const signIn = await read(await respond({ user: { email: 'grace@harbor.edu', first_name: 'Grace', last_name: 'Hopper' }, sessionNotOnOrAfter: sessionEnd }));
    expect(signIn).toMatchObject({ in_response_to: '_request-1', name_id: 'grace@harbor.edu', email: 'grace@harbor.edu', first_name: 'Grace', last_name: 'Hopper', issuer: idp.entityId });
    expect(signIn.session_not_on_or_after?.toISOString()).toBe(sessionEnd.toISOString());
    expect(signIn.assertion_id).toMatch(/^_[0-9a-f]+$/);
    expect((await read(await respond())).session_not_on_or_after).toBeNull();
  });

  it('reads the e-mail and names under their other common attribute names, else the e-mail from the NameID', async () => {
    const oid = { 'urn:oid:0.9.2342.19200300.100.1.3': 'oid@harbor.edu', 'urn:oid:2.5.4.42': 'Olive', 'urn:oid:2.5.4.4': 'Oid' };
    expect(await read(await respond({ user: { email: 'x@harbor.edu', name_id: 'opaque-1', attributes: oid } }))).toMatchObject({ name_id: 'opaque-1', email: 'oid@harbor.edu', first_name: 'Olive', last_name: 'Oid' });
    const claims = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';
    const azure = { [`${claims}/emailaddress`]: 'az@harbor.edu', [`${claims}/givenname`]: 'Azure', [`${claims}/surname`]: 'Ad' };
    expect(await read(await respond({ user: { email: 'x@harbor.edu', attributes: azure } }))).toMatchObject({ email: 'az@harbor.edu', first_name: 'Azure', last_name: 'Ad' });
    expect(await read(await respond({ user: { email: 'nameid@harbor.edu', attributes: { mail: '' } } }))).toMatchObject({ email: 'nameid@harbor.edu', first_name: null, last_name: null });
    expect((await read(await respond({ user: { email: 'x', name_id: 'opaque-2', attributes: {} } }))).email).toBeNull();
  });

  it('accepts a signed assertion, a signed response, or both', async () => {
    const signatures = (xml: string) => (xml.match(/<ds:Signature /g) ?? []).length;
    for (const [signAssertion, signResponse, count] of [[true, false, 1], [false, true, 1], [true, true, 2]] as const) {
      const response = await respond({ signAssertion, signResponse });
      expect(signatures(xmlOf(response))).toBe(count);
      expect((await read(response)).email).toBe('ada@harbor.edu');
    }
  });
});

describe('a response is refused', () => {
  it('when nothing in it is signed', async () => {
    const unsigned = await respond({ signAssertion: false, signResponse: false });
    expect(xmlOf(unsigned)).not.toContain('Signature');
    const err = await refused(unsigned, 'unsigned');
    expect(err.message).toBe('The sign-in response was not signed by the identity provider');
  });

  it('when signed by a key whose certificate is not in the metadata', async () => {
    for (const signing of [{ signAssertion: true, signResponse: false }, { signAssertion: false, signResponse: true }]) {
      const err = await refused(respond({ ...signing, otherCertificate: true }), 'certificate');
      expect(err.message).toMatch(/certificate does not match the one in its metadata/);
    }
  });

  it('when changed after it was signed', async () => {
    const tampered = b64(xmlOf(await respond()).replace(/ada@harbor\.edu/g, 'eve@harbor.edu'));
    const err = await refused(tampered, 'signature');
    expect(err.message).not.toContain('eve@');
  });

  it('when an unsigned assertion is wrapped around or beside the signed one (signature wrapping)', async () => {
    const genuine = await respond();
    expect((await read(genuine)).email).toBe('ada@harbor.edu');
    for (const variant of ['advice', 'sibling'] as const) {
      const attack = wrapSignature(genuine, { email: 'eve@evil.example', variant });
      expect(xmlOf(attack)).toContain('eve@evil.example');
      const err = await refused(attack, 'signature');
      expect(err.message).not.toContain('eve@');
    }
  });

  it('when it has expired, or is not valid yet', async () => {
    expect((await refused(respond({ expired: true }), 'expired')).message).toBe('The sign-in response has expired: try again');
    await refused(respond(), 'expired', { now: new Date(Date.now() + 10 * 60_000) });
    expect((await refused(respond(), 'expired', { now: new Date(Date.now() - 5 * 60_000) })).message).toMatch(/not valid yet/);
    // Within the minute of clock skew it is accepted.
    expect((await read(await respond(), { now: new Date(Date.now() + 5 * 60_000 + 30_000) })).email).toBe('ada@harbor.edu');
  });

  it('when meant for another service, or for another school', async () => {
    const err = await refused(respond({ audience: 'https://other.example/sp' }), 'audience');
    expect(err.message).toBe(`The sign-in response was meant for another service (audience https://other.example/sp, expected ${spEntityId(SCHOOL)})`);
    await refused(respond(), 'audience', { schoolId: 8 });
  });

  it('when sent to another address', async () => {
    const err = await refused(respond({ recipient: 'https://other.example/acs' }), 'recipient');
    expect(err.message).toMatch(/https:\/\/other\.example\/acs/);
  });

  it('when another identity provider issued it', async () => {
    await refused(respond({ issuer: 'https://other-idp.example' }), 'issuer');
  });

  it('when the identity provider sent it unasked (IdP-initiated)', async () => {
    await refused(respond({ requestId: null }), 'state');
  });

  it('when the identity provider reports a failure instead', async () => {
    const status = '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"/><samlp:StatusMessage>Account locked</samlp:StatusMessage></samlp:Status>';
    const failure = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_f1" Version="2.0" IssueInstant="${new Date().toISOString()}" InResponseTo="_request-1">${status}</samlp:Response>`;
    expect((await refused(b64(failure), 'provider_error')).message).toMatch(/Account locked/);
  });

  it('when it is not a SAML response', async () => {
    await refused('%%% not base64 %%%', 'malformed');
    await refused(b64('hello'), 'malformed');
    await refused(b64('<html><body>Sign in</body></html>'), 'malformed');
    const withDoctype = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "e">]>${xmlOf(await respond())}`;
    expect((await refused(b64(withDoctype), 'malformed')).message).toMatch(/DOCTYPE/);
  });
});
