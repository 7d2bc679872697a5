import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { blobParts, blobs } from '@/db/schema';

export const PART_BYTES = 1024 * 1024;
const EMPTY = new Uint8Array(0);

/** Stores bytes; anything over one part is written part by part, in one transaction. */
export async function saveBlob(input: { schoolId: number | null; contentType: string; filename: string | null; data: Uint8Array; isPublic: boolean }): Promise<string> {
  const db = await getDb();
  const whole = input.data.byteLength <= PART_BYTES;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blobs)
      .values({ schoolId: input.schoolId, contentType: input.contentType, filename: input.filename, size: input.data.byteLength, data: whole ? input.data : EMPTY, isPublic: input.isPublic })
      .returning({ id: blobs.id });
    if (!whole) {
      for (let idx = 0, at = 0; at < input.data.byteLength; idx++, at += PART_BYTES) {
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
