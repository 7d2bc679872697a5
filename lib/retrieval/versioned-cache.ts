// Per-school values kept in this process while the school's version counter (kept by database
// triggers, migration 0012) stays the same. Loads are shared by concurrent callers; the least
// recently used school is dropped past `max`.
export class VersionedCache<T> {
  private entries = new Map<number, { version: number; value: Promise<T> }>();

  constructor(private readonly max: number) {}

  get(schoolId: number, version: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(schoolId);
    if (hit && hit.version === version) {
      // Re-inserting keeps the map in least-recently-used order.
      this.entries.delete(schoolId);
      this.entries.set(schoolId, hit);
      return hit.value;
    }
    const value = load();
    this.entries.delete(schoolId);
    this.entries.set(schoolId, { version, value });
    value.catch(() => {
      if (this.entries.get(schoolId)?.value === value) this.entries.delete(schoolId);
    });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
