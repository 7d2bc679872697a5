import { z } from 'zod';

// A school's single sign-on connection as staff send and read it (PUT/GET /schools/my-school/sso).
// No server imports: shared by the settings screen and the routes.


/** Mail services anyone can sign up to: a domain of theirs never identifies a school's staff. */
export const PUBLIC_MAIL_DOMAINS = [
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com', 'ymail.com', 'icloud.com', 'me.com', 'mac.com',
  'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.net', 'mail.com', 'zoho.com', 'yandex.com', 'yandex.ru', 'qq.com', '163.com', '126.com',
  'naver.com', 'daum.net', 'web.de', 'orange.fr', 'free.fr', 'laposte.net', 'comcast.net', 'verizon.net', 'att.net', 'fastmail.com', 'hey.com',
] as const;

const domain = z
  .string({ error: 'A domain must be text' })
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .pipe(z.string().regex(/^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as college.edu'));

const common = {
  email_domains: z.array(domain, { error: 'email_domains must be a list of domains' }).min(1, 'Add at least one e-mail domain').max(20, 'At most 20 domains'),
  default_role: z.enum(['user', 'admin'], { error: 'default_role must be user or admin' }).default('user'),
  enforce: z.boolean({ error: 'enforce must be true or false' }).default(false),
  enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
};

const oidc = z
  .object({
    protocol: z.literal('oidc'),
    issuer: z.url({ protocol: /^https?$/, error: 'The issuer must be an http(s) address' }).max(500),
    client_id: z.string({ error: 'client_id is required' }).trim().min(1, 'client_id is required').max(500),
    /** Absent or masked: the stored secret is kept. */
    client_secret: z.string({ error: 'client_secret must be text' }).max(2000).optional(),
    ...common,
  })
  .strict();

/** A metadata document of one identity provider is a few kilobytes; this leaves room for many certificates. */
export const MAX_IDP_METADATA_CHARS = 500_000;

const saml = z
  .object({
    protocol: z.literal('saml'),
    /** The identity provider's metadata, pasted. */
    idp_metadata_xml: z.string({ error: 'idp_metadata_xml must be text' }).max(MAX_IDP_METADATA_CHARS, 'The metadata is too long: paste the metadata of one identity provider').optional(),
    /** Or its address, read on save (an empty text counts as not given, like an empty idp_metadata_xml). */
    idp_metadata_url: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'The metadata address must be an http(s) address' }).max(2000)]).optional(),
    ...common,
  })
  .strict()
  .superRefine((input, ctx) => {
    const xml = Boolean(input.idp_metadata_xml?.trim());
    const url = Boolean(input.idp_metadata_url);
    if (xml && url) ctx.addIssue({ code: 'custom', path: ['idp_metadata_url'], message: 'Give either the metadata (idp_metadata_xml) or its address (idp_metadata_url), not both' });
  });

/** PUT /schools/my-school/sso. */
export const ssoConnectionInputSchema = z.discriminatedUnion('protocol', [oidc, saml], { error: 'protocol must be oidc or saml' });
export type SsoConnectionInput = z.infer<typeof ssoConnectionInputSchema>;
export type OidcConnectionInput = z.infer<typeof oidc>;
export type SamlConnectionInput = z.infer<typeof saml>;

/** What both protocols' answers carry. */
type ViewCommon = {
  email_domains: string[];
  default_role: 'user' | 'admin';
  enforce: boolean;
  enabled: boolean;
  updated_at: string;
};

/** An OpenID Connect connection as GET/PUT answer it: the secret masked, never returned. */
export type OidcView = ViewCommon & {
  protocol: 'oidc';
  issuer: string | null;
  client_id: string | null;
  /** MASKED_SECRET when one is stored, else null. */
  client_secret: string | null;
  /** What to register at the provider. */
  redirect_uri: string;
};

/** A SAML 2.0 connection as GET/PUT answer it (the metadata XML itself is not returned). */
export type SamlView = ViewCommon & {
  protocol: 'saml';
  /** Where the metadata was read from; null when it was pasted. */
  idp_metadata_url: string | null;
  /** What the metadata says (null only for a connection saved without readable metadata, which the API never does). */
  idp_entity_id: string | null;
  idp_sso_url: string | null;
  /** What to give the identity provider: Lantern's entity id, its ACS (HTTP-POST) and its metadata address. */
  sp_entity_id: string;
  acs_url: string;
  sp_metadata_url: string;
};

export type SsoConnectionView = OidcView | SamlView;
