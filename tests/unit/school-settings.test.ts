import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schoolSettings } from '@/lib/schools/settings';

// The field → column mapping of a school's settings is derived once and checked
// against the table when the store is made.

const example = pgTable('example_settings', {
  schoolId: integer('school_id').primaryKey(),
  retentionDays: integer('retention_days').notNull(),
  enableWidgetLogging: boolean('enable_widget_logging').notNull(),
  note: text('note'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

describe('school settings stores', () => {
  it('maps snake_case fields to their columns', () => {
    expect(() => schoolSettings<{ retention_days: number; enable_widget_logging: boolean; note: string | null }>(example, ['retention_days', 'enable_widget_logging', 'note'])).not.toThrow();
  });

  it('refuses a field without a column when the store is made, not on a first save', () => {
    expect(() => schoolSettings<{ retention_day: number }>(example, ['retention_day'])).toThrow('Settings field retention_day has no column retentionDay');
  });
});
