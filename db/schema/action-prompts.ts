import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export const ACTION_TYPES = ['link', 'phone', 'email', 'form'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

// What the assistant offers a visitor to do next (apply, call, write, fill a form).
export const actionPrompts = pgTable(
  'action_prompts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    targetAudience: text('target_audience').notNull(),
    actionDescription: text('action_description').notNull(),
    actionType: text('action_type').$type<ActionType>().notNull().default('link'),
    actionData: text('action_data').notNull(),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('action_prompts_school_idx').on(t.schoolId, t.priority)],
);
