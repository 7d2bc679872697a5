import 'server-only';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getDb, type Database } from '@/db/client';

// Per-school settings in one pattern: a table with one row per school (primary key
// school_id), read as the API's fields (snake_case) and written whole or in part. The mapping from
// each API field to its column (`retention_days` → `retentionDays`) is derived once, here, and
// checked against the table when the store is made, so a renamed column fails at start, not on a
// school's first save. Validation stays with each API's zod schema; defaults with each caller.

type SettingsTable = PgTable & { schoolId: PgColumn; updatedAt: PgColumn };

const columnOf = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export type SettingsStore<V extends Record<string, unknown>> = {
  /** The school's saved fields, or null before it saves any. */
  read(schoolId: number, db?: Database): Promise<V | null>;
  /** The saved fields over the defaults, and whether the school has saved. */
  readWithDefaults(schoolId: number, defaults: V, db?: Database): Promise<{ value: V; saved: boolean }>;
  /** Saves the given fields (a field left out keeps its saved value); answers all fields as stored. */
  write(schoolId: number, values: Partial<V>, db?: Database): Promise<V>;
};

export function schoolSettings<V extends Record<string, unknown>>(table: SettingsTable, fields: readonly (keyof V & string)[]): SettingsStore<V> {
  const columns = getTableColumns(table);
  const mapping = fields.map((field) => {
    const column = columnOf(field);
    if (!(column in columns)) throw new Error(`Settings field ${field} has no column ${column}`);
    return [field, column] as const;
  });
  const toView = (row: Record<string, unknown>) => Object.fromEntries(mapping.map(([field, column]) => [field, row[column]])) as V;
  const toRow = (values: Partial<V>) => Object.fromEntries(mapping.filter(([field]) => values[field] !== undefined).map(([field, column]) => [column, values[field]]));

  const read = async (schoolId: number, db?: Database) => {
    const d = db ?? (await getDb());
    const [row] = await d.select().from(table as PgTable).where(eq(table.schoolId, schoolId)).limit(1);
    return row ? toView(row as Record<string, unknown>) : null;
  };
  return {
    read,
    async readWithDefaults(schoolId, defaults, db) {
      const saved = await read(schoolId, db);
      return { value: saved ? { ...defaults, ...Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== null && v !== undefined)) } : defaults, saved: saved !== null };
    },
    async write(schoolId, values, db) {
      const d = db ?? (await getDb());
      const set = { ...toRow(values), updatedAt: new Date() };
      const [row] = await d
        .insert(table)
        .values({ schoolId, ...set } as never)
        .onConflictDoUpdate({ target: table.schoolId, set: set as never })
        .returning();
      return toView(row as Record<string, unknown>);
    },
  };
}
