import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schools } from './schools';
import { users } from './users';

export type SsoProtocol = 'oidc' | 'saml';

/** What the provider's discovery document said when the connection was saved (the sign-in discovers afresh). */
export type OidcDiscovery = { authorization_endpoint: string; token_endpoint: string; jwks_uri: string; userinfo_endpoint?: string; end_session_endpoint?: string };

/** A SAML identity provider as its metadata describes it (lib/sso/saml.ts). */
export type SamlIdpRecord = { entity_id: string; sso_url: string; certificates: string[] };

// A school's single sign-on connection (lib/sso/connection.ts): its own identity provider. The client
// secret is sealed (AES-256-GCM under a key derived from AUTH_SECRET) and never returned.
export const ssoConnections = pgTable('sso_connections', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  protocol: text('protocol').$type<SsoProtocol>().notNull(),
  issuer: text('issuer'),
  clientId: text('client_id'),
  clientSecretSealed: text('client_secret_sealed'),
  discovery: jsonb('discovery').$type<OidcDiscovery | null>(),
  /** SAML: the metadata as given (pasted, or read from its address) and what was read from it. */
  idpMetadataXml: text('idp_metadata_xml'),
  idpMetadataUrl: text('idp_metadata_url'),
  idp: jsonb('idp').$type<SamlIdpRecord | null>(),
  defaultRole: text('default_role').$type<'user' | 'admin'>().notNull().default('user'),
  enforce: boolean('enforce').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The e-mail domains a connection signs in: a domain belongs to one school (its primary key).
export const ssoDomains = pgTable('sso_domains', {
  domain: text('domain').primaryKey(),
  schoolId: integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' }),
  /** Set when a superuser approved a domain outside the school's website domain. */
  approvedBy: integer('approved_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;

/**
 * A sign-in sent to a school's provider and not yet back: what the callback must match (OIDC state,
 * nonce and PKCE verifier; SAML request id) and where it goes after. `used_at` makes each callback
 * (and so each code and assertion) count once. A test run (Test sign-in) keeps its outcome in `result`
 * for the settings screen instead of signing in.
 */
export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 of the OIDC state or the SAML request id: what the callback presents. */
    keyHash: text('key_hash').notNull().unique(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    protocol: text('protocol').$type<SsoProtocol>().notNull(),
    /** Sealed PKCE verifier and nonce (OIDC). */
    secretSealed: text('secret_sealed'),
    next: text('next'),
    /** sha256 of the random value the starting browser holds in a cookie: the callback must come back to that browser (no login CSRF). */
    browserHash: text('browser_hash'),
    /** The staff member running Test sign-in, when this is a test. */
    testBy: integer('test_by').references(() => users.id, { onDelete: 'cascade' }),
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sso_attempts_expires_idx').on(t.expiresAt)],
);

/** An account that signs in through its school's provider: the provider's subject, and when. */
export const ssoIdentities = pgTable('sso_identities', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  schoolId: integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' }),
  protocol: text('protocol').$type<SsoProtocol>().notNull(),
  subject: text('subject').notNull(),
  /** Made by SSO (no password of its own), or an existing password account linked at its first SSO sign-in. */
  createdBySso: boolean('created_by_sso').notNull().default(false),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A school's SCIM 2.0 bearer token (lib/scim): what its identity provider (Entra ID, Okta) presents
 * to provision and deprovision staff accounts. Only the token's sha256 is kept; a new token replaces
 * the old (one per school).
 */
export const scimTokens = pgTable('scim_tokens', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  /** The administrator who made it (a plain id, like the audit log's: the account may go). */
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Written at most once a minute. */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** An account as the school's SCIM client knows it: the provider's own id for it (externalId), which SCIM filters on. */
export const scimUsers = pgTable(
  'scim_users',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scim_users_external_idx').on(t.schoolId, t.externalId)],
);
