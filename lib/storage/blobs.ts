import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { blobParts, blobs, personaSettings, schools, widgetStyling } from '@/db/schema';
import { assertUploadRoom, uploadQuotaBytes } from './quota';

export const PART_BYTES = 1024 * 1024;
const EMPTY = new Uint8Array(0);

/** Stores bytes already in memory; anything over one part is written part by part, in one transaction. Streamed uploads use openBlobWriter. */
export async function saveBlob(input: { schoolId: number | null; contentType: string; filename: string | null; data: Uint8Array; isPublic: boolean }): Promise<string> {
  const db = await getDb();
  const size = input.data.byteLength;
  const whole = size <= PART_BYTES;
  return db.transaction(async (tx) => {
    await assertUploadRoom(tx, size);
    const [row] = await tx
      .insert(blobs)
      .values({ schoolId: input.schoolId, contentType: input.contentType, filename: input.filename, size, data: whole ? input.data : EMPTY, isPublic: input.isPublic })
      .returning({ id: blobs.id });
    if (!whole) {
      for (let idx = 0, at = 0; at < size; idx++, at += PART_BYTES) {
        await tx.insert(blobParts).values({ blobId: row!.id, idx, data: input.data.subarray(at, at + PART_BYTES) });
      }
    }
    return row!.id;
  });
}

/** The bytes of a blob, whole or reassembled from its parts. */
export async function readBlobData(id: string): Promise<Uint8Array | null> {
  const db = await getDb();
  const [row] = await db.select({ data: blobs.data, size: blobs.size }).from(blobs).where(eq(blobs.id, id)).limit(1);
  if (!row) return null;
  if (row.size <= PART_BYTES) return row.data;
  const parts = await db.select({ data: blobParts.data }).from(blobParts).where(eq(blobParts.blobId, id)).orderBy(asc(blobParts.idx));
  const out = new Uint8Array(row.size);
  let at = 0;
  for (const p of parts) {
    out.set(p.data, at);
    at += p.data.byteLength;
  }
  return out;
}

/** The bytes of a blob part by part, one part in memory at a time (large imports read their file this way). */
export async function* streamBlobData(id: string): AsyncGenerator<Uint8Array> {
  const db = await getDb();
  const [row] = await db.select({ data: blobs.data, size: blobs.size }).from(blobs).where(eq(blobs.id, id)).limit(1);
  if (!row) return;
  if (row.size <= PART_BYTES && row.data.byteLength === row.size) {
    yield row.data;
    return;
  }
  for (let idx = 0; ; idx++) {
    const [part] = await db.select({ data: blobParts.data }).from(blobParts).where(and(eq(blobParts.blobId, id), eq(blobParts.idx, idx))).limit(1);
    if (!part) return;
    yield part.data;
  }
}

/**
 * A stored blob read by byte ranges, one part in memory at a time: an .xlsx import reads the
 * archive's directory at its end first, then one member after another. Null when there is no blob.
 */
export async function blobRanges(id: string): Promise<{ size: number; range: (start: number, end: number) => AsyncGenerator<Uint8Array> } | null> {
  const db = await getDb();
  const [row] = await db.select({ data: blobs.data, size: blobs.size }).from(blobs).where(eq(blobs.id, id)).limit(1);
  if (!row) return null;
  if (row.size <= PART_BYTES && row.data.byteLength === row.size) {
    const whole = row.data;
    return { size: row.size, range: async function* (start, end) { yield whole.subarray(start, end); } };
  }
  // Parts are at least PART_BYTES but not all the same size (an upload stores what it has read).
  const lengths = await db
    .select({ idx: blobParts.idx, length: sql<number>`octet_length(${blobParts.data})`.mapWith(Number) })
    .from(blobParts)
    .where(eq(blobParts.blobId, id))
    .orderBy(asc(blobParts.idx));
  const starts: number[] = [];
  let at = 0;
  for (const p of lengths) {
    starts.push(at);
    at += p.length;
  }
  // The zip reader asks for several small ranges in one part (a member's header, then its data).
  let cached: { idx: number; data: Uint8Array } | null = null;
  const part = async (i: number) => {
    if (cached?.idx === i) return cached.data;
    const [p] = await db.select({ data: blobParts.data }).from(blobParts).where(and(eq(blobParts.blobId, id), eq(blobParts.idx, lengths[i]!.idx))).limit(1);
    cached = { idx: i, data: p?.data ?? new Uint8Array(0) };
    return cached.data;
  };
  return {
    size: at,
    range: async function* (start, end) {
      for (let i = 0; i < lengths.length && start < end; i++) {
        const from = starts[i]!;
        const to = from + lengths[i]!.length;
        if (to <= start) continue;
        if (from >= end) break;
        const data = await part(i);
        yield data.subarray(Math.max(0, start - from), Math.min(data.byteLength, end - from));
      }
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A public upload (logo, avatar) by id, or null. */
export async function findPublicBlob(id: string) {
  if (!UUID.test(id)) return null;
  const db = await getDb();
  const [row] = await db.select({ contentType: blobs.contentType, size: blobs.size }).from(blobs).where(and(eq(blobs.id, id), eq(blobs.isPublic, true))).limit(1);
  if (!row) return null;
  const data = await readBlobData(id);
  return data ? { ...row, data } : null;
}

export async function deleteBlob(id: string, schoolId: number): Promise<void> {
  if (!UUID.test(id)) return;
  const db = await getDb();
  await db.delete(blobs).where(and(eq(blobs.id, id), eq(blobs.schoolId, schoolId)));
}

export const uploadUrl = (id: string) => `/uploads/${id}`;
export const blobIdOfUrl = (url: string | null | undefined) => (url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null);

/**
 * Writes a blob as its bytes arrive: each full part goes to the database at once, so a large upload
 * never sits whole in memory. Without `finish`, `abort` removes whatever was written.
 */
export async function openBlobWriter(input: { schoolId: number | null; contentType: string; filename: string | null; isPublic: boolean }) {
  const db = await getDb();
  const quota = uploadQuotaBytes();
  // Under a quota each write checks the room left in the transaction that stores it (quota.ts); a
  // full store refuses the upload here, before its body is read.
  const stored = <T>(bytes: number, write: (tx: typeof db) => Promise<T>) =>
    quota === null
      ? write(db)
      : db.transaction(async (tx) => {
          await assertUploadRoom(tx, bytes, quota);
          return write(tx as unknown as typeof db);
        });
  const [row] = await stored(0, (tx) =>
    tx
      .insert(blobs)
      .values({ schoolId: input.schoolId, contentType: input.contentType, filename: input.filename, size: 0, data: EMPTY, isPublic: input.isPublic })
      .returning({ id: blobs.id }),
  );
  const id = row!.id;
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  let size = 0;
  let idx = 0;
  const flush = async () => {
    if (pendingSize === 0) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingSize = 0;
    const part = idx++;
    await stored(data.byteLength, (tx) => tx.insert(blobParts).values({ blobId: id, idx: part, data }));
  };
  return {
    id,
    async write(chunk: Uint8Array) {
      pending.push(chunk);
      pendingSize += chunk.byteLength;
      size += chunk.byteLength;
      if (pendingSize >= PART_BYTES) await flush();
    },
    /** Everything written so far (parts already stored and the part being filled). */
    async readAll(): Promise<Uint8Array> {
      const parts = await db.select({ data: blobParts.data }).from(blobParts).where(eq(blobParts.blobId, id)).orderBy(asc(blobParts.idx));
      return Buffer.concat([...parts.map((p) => p.data), ...pending]);
    },
    /** Small blobs end up whole in `blobs.data`, large ones in parts; answers the size. */
    async finish(contentType: string) {
      if (idx === 0 && size <= PART_BYTES) {
        const data = Buffer.concat(pending);
        await stored(data.byteLength, (tx) => tx.update(blobs).set({ data, size, contentType }).where(eq(blobs.id, id)));
      } else {
        await flush();
        await db.update(blobs).set({ size, contentType }).where(eq(blobs.id, id));
      }
      return size;
    },
    async abort() {
      await db.delete(blobs).where(eq(blobs.id, id));
    },
  };
}

/** How long a public upload may wait for the form that uses it to be saved. */
export const UNREFERENCED_UPLOAD_GRACE_HOURS = 24;

/**
 * The daily `upload_cleanup` task: public uploads (avatars, logos, widget icons, voice previews) are served to
 * anyone, so one that no school's logo, persona or widget styling points at is removed after a day (a replaced
 * avatar, one uploaded and never saved, a voice preview). Each column that may hold an
 * `/uploads/{id}` address is listed here.
 */
export async function deleteUnreferencedUploads(graceHours = UNREFERENCED_UPLOAD_GRACE_HOURS) {
  const db = await getDb();
  const rows = await db.execute<{ id: string }>(sql`
    delete from ${blobs} b
    where b.is_public and b.created_at < now() - make_interval(hours => ${graceHours})
      and not exists (select 1 from ${schools} s where s.logo_url = '/uploads/' || b.id::text)
      and not exists (select 1 from ${personaSettings} p where p.avatar_url = '/uploads/' || b.id::text)
      and not exists (select 1 from ${widgetStyling} w where w.styling->>'customIconUrl' = '/uploads/' || b.id::text)
    returning b.id`);
  return { uploads_deleted: resultRows(rows).length };
}
