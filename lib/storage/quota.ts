import 'server-only';
import { sql } from 'drizzle-orm';
import { resultRows, type Database, type Tx } from '@/db/client';
import { FAULT_RETRY_AFTER } from '@/db/faults';
import { blobParts, blobs } from '@/db/schema';
import { serviceUnavailable } from '@/lib/http/errors';

export const UPLOAD_STORAGE_FULL = 'Upload storage is full. Delete files you no longer need, or ask your administrator to raise the storage quota.';

// Advisory-lock class of the quota check (client.ts's session locks use 7311).
const QUOTA_LOCK_CLASS = 7312;

/** UPLOAD_STORAGE_QUOTA_MB in bytes; null (no quota) when unset, empty or not a positive number. */
export function uploadQuotaBytes(env: Record<string, string | undefined> = process.env): number | null {
  const mb = Number(env.UPLOAD_STORAGE_QUOTA_MB);
  return env.UPLOAD_STORAGE_QUOTA_MB?.trim() && Number.isFinite(mb) && mb > 0 ? Math.floor(mb * 1024 * 1024) : null;
}


/** Bytes the stored uploads take: whole blobs and the parts of large or half-streamed ones. */
export async function storedUploadBytes(db: Database | Tx): Promise<number> {
  const [row] = resultRows<{ used: string | number }>(
    await db.execute(sql`select coalesce((select sum(octet_length(${blobs.data})) from ${blobs}), 0) + coalesce((select sum(octet_length(${blobParts.data})) from ${blobParts}), 0) as used`),
  );
  return Number(row?.used ?? 0);
}

/**
 * Refuses `incoming` bytes that would take the stored uploads past the quota: 503 with Retry-After,
 * raised inside the transaction that would store them, so nothing is written. The check and the
 * write hold one install-wide lock, so two uploads cannot both take the last free space.
 */
export async function assertUploadRoom(tx: Tx, incoming: number, quota = uploadQuotaBytes()): Promise<void> {
  if (quota === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}, 0)`);
  if ((await storedUploadBytes(tx)) + Math.max(incoming, 1) > quota) throw serviceUnavailable(UPLOAD_STORAGE_FULL, FAULT_RETRY_AFTER.full);
}
