import 'server-only';
import { listenInProcess, type Database } from '@/db/client';

/** Sent by the database (migration 0013) with the school's id when its keys, chatbot settings or row change. */
const CHANNEL = 'lantern_widget_keys';
const MAX_KEYS = 10_000;

/**
 * Widget keys resolved to their school's row, kept in memory only where the database tells this
 * process of every change before the changing write resolves (PGlite, see db/client.ts); elsewhere
 * each call asks the database. Every widget call starts with this lookup, so the embedded default
 * saves a query per call, and a revoked key or a changed setting still counts at once.
 */
export class KeyRowCache<T extends { schoolId: number }> {
  private rows = new Map<string, T>();
  private generation = 0;
  private db: Database | null = null;
  private watching: Promise<boolean> = Promise.resolve(false);
  private unlisten: (() => Promise<void>) | null = null;

  async get(db: Database, hash: string, load: () => Promise<T | null>): Promise<T | null> {
    if (!(await this.watch(db))) return load();
    const hit = this.rows.get(hash);
    if (hit) return hit;
    const generation = this.generation;
    const row = await load();
    // A change announced while the row was being read may be missing from it: keep it only if none was.
    if (row && generation === this.generation) {
      if (this.rows.size >= MAX_KEYS) this.rows.delete(this.rows.keys().next().value!);
      // Every caller gets this same object: frozen, so none can change it for the others.
      for (const value of Object.values(row)) if (Array.isArray(value)) Object.freeze(value);
      this.rows.set(hash, Object.freeze(row));
    }
    return row;
  }

  /**
   * How many changes the database has announced (any school), for other answers derived from the
   * same rows; null where it does not announce them (Postgres): what is derived must expire on its own.
   */
  async changes(db: Database): Promise<number | null> {
    return (await this.watch(db)) ? this.generation : null;
  }

  private watch(db: Database): Promise<boolean> {
    if (this.db !== db) {
      // A new database (tests install fresh ones): nothing remembered applies to it.
      this.db = db;
      this.forgetAll();
      const previous = this.unlisten;
      this.unlisten = null;
      previous?.().catch(() => {}); // the old database may be closed already
      this.watching = listenInProcess(CHANNEL, (payload) => this.forgetSchool(Number(payload))).then(
        (subscription) => {
          if (!subscription) return false;
          if (this.db !== db) {
            // The database changed again while subscribing: this subscription is already stale.
            subscription.unlisten().catch(() => {});
            return false;
          }
          this.unlisten = subscription.unlisten;
          return subscription.db === db;
        },
        () => false,
      );
    }
    return this.watching;
  }

  private forgetSchool(schoolId: number): void {
    this.generation += 1;
    for (const [hash, row] of this.rows) if (row.schoolId === schoolId) this.rows.delete(hash);
  }

  private forgetAll(): void {
    this.generation += 1;
    this.rows.clear();
  }
}
