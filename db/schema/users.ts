import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export const ROLES = ['user', 'admin', 'superuser'] as const;
export type Role = (typeof ROLES)[number];

// One row per account. A person with linked accounts has one row per school under the same e-mail.
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').$type<Role>().notNull().default('user'),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    requiresPasswordUpdate: boolean('requires_password_update').notNull().default(false),
    passwordUpdateRequiredAt: timestamp('password_update_required_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    // Bumped whenever outstanding access tokens must stop working (password change, deactivation).
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail and username are unique within a school (accounts without a school share one space).
    uniqueIndex('users_email_school_uq').on(sql`lower(${t.email})`, sql`coalesce(${t.schoolId}, 0)`),
    uniqueIndex('users_username_school_uq').on(sql`lower(${t.username})`, sql`coalesce(${t.schoolId}, 0)`),
    index('users_school_idx').on(t.schoolId),
  ],
);

export type User = typeof users.$inferSelect;
