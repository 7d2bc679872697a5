export const MIGRATION_LOCK: [number, number];
export function migrationsFolderOf(root?: string): string;
export function migratePostgres(url: string, migrationsFolder?: string): Promise<{ waitedMs: number }>;
