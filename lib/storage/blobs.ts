import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { blobs } from '@/db/schema';

export async function saveBlob(input: { schoolId: number | null; contentType: string; filename: string | null; data: Uint8Array; isPublic: boolean }): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(blobs)
    .values({ schoolId: input.schoolId, contentType: input.contentType, filename: input.filename, size: input.data.byteLength, data: input.data, isPublic: input.isPublic })
    .returning({ id: blobs.id });
  return row!.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A public upload (logo, avatar) by id, or null. */
export async function findPublicBlob(id: string) {
  if (!UUID.test(id)) return null;
  const db = await getDb();
  const [row] = await db.select().from(blobs).where(and(eq(blobs.id, id), eq(blobs.isPublic, true))).limit(1);
  return row ?? null;
}

export async function deleteBlob(id: string, schoolId: number): Promise<void> {
  if (!UUID.test(id)) return;
  const db = await getDb();
  await db.delete(blobs).where(and(eq(blobs.id, id), eq(blobs.schoolId, schoolId)));
}

export const uploadUrl = (id: string) => `/uploads/${id}`;
export const blobIdOfUrl = (url: string | null | undefined) => (url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null);
