import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export type SsoProtocol = 'oidc' | 'saml';

/** What the provider's discovery document said, kept for the sign-in flow. */
export type OidcDiscovery = { authorization_endpoint: string; token_endpoint: string; jwks_uri: string; userinfo_endpoint?: string; end_session_endpoint?: string };

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
