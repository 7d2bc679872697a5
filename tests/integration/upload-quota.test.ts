import { count } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as avatarRoute from '@/app/(rest)/ai-settings/persona/upload-avatar/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as fileRoute from '@/app/(rest)/files/[id]/route';
import * as filesRoute from '@/app/(rest)/files/route';
import * as logoRoute from '@/app/(rest)/schools/my-school/upload-logo/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { getDb } from '@/db/client';
import { blobParts, blobs, knowledgeFiles } from '@/db/schema';
import { storedUploadBytes, UPLOAD_STORAGE_FULL, uploadQuotaBytes } from '@/lib/storage/quota';
import { PNG_1x1 } from '../fixtures/images';
import { call, STRONG_PASSWORD } from './http';

// UPLOAD_STORAGE_QUOTA_MB: an upload that would take the stored uploads past the quota answers 503
// with Retry-After before anything of it stays stored (also when a streamed upload grows past it),
// and deleting a file makes room again. The quota is read on each upload, so the test sets it here.

const MiB = 1024 * 1024;
let token: string;
const FULL = { detail: UPLOAD_STORAGE_FULL, code: 'unavailable' };

/** A quota of `bytes` above what is stored now. */
async function quotaAbove(bytes: number) {
  const used = await storedUploadBytes(await getDb());
  process.env.UPLOAD_STORAGE_QUOTA_MB = String((used + bytes) / MiB);
  return used + bytes;
}

/** A plain-text document of `size` bytes, in lines. */
const textOf = (size: number) => Buffer.alloc(size, 'Visitors park in Lot C.\n');

/** A multipart upload sent in 64 KiB pieces, as a browser's body reaches the server. */
async function multipart(handler: typeof filesRoute.POST, path: string, bytes: Uint8Array, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const encoded = new Response(form);
  const type = encoded.headers.get('content-type')!;
  const body = new Uint8Array(await encoded.arrayBuffer());
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      controller.enqueue(body.subarray(at, (at += 64 * 1024)));
    },
  });
  const started = performance.now();
  const req = new Request(`http://localhost:3000${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body: stream, duplex: 'half' } as RequestInit);
  const res = await handler(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, json: await res.json(), ms: performance.now() - started };
}
const uploadFile = (bytes: Uint8Array, filename = 'notes.txt') => multipart(filesRoute.POST, '/files/', bytes, filename);

async function stored() {
  const db = await getDb();
  const [b] = await db.select({ n: count() }).from(blobs);
  const [p] = await db.select({ n: count() }).from(blobParts);
  const [f] = await db.select({ n: count() }).from(knowledgeFiles);
  return { blobs: b!.n, parts: p!.n, files: f!.n, bytes: await storedUploadBytes(db) };
}

beforeAll(async () => {
  token = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'quota@lantern.test', password: STRONG_PASSWORD, username: 'quota', first_name: 'Q', last_name: 'U' } })).json.access_token;
  expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Quota College' } })).status).toBe(201);
});

afterEach(() => {
  delete process.env.UPLOAD_STORAGE_QUOTA_MB;
});

describe('upload storage quota', () => {
  it('reads UPLOAD_STORAGE_QUOTA_MB: unset, empty or not positive means no quota', () => {
    expect(uploadQuotaBytes({})).toBeNull();
    expect(uploadQuotaBytes({ UPLOAD_STORAGE_QUOTA_MB: '' })).toBeNull();
    expect(uploadQuotaBytes({ UPLOAD_STORAGE_QUOTA_MB: '0' })).toBeNull();
    expect(uploadQuotaBytes({ UPLOAD_STORAGE_QUOTA_MB: 'lots' })).toBeNull();
    expect(uploadQuotaBytes({ UPLOAD_STORAGE_QUOTA_MB: '512' })).toBe(512 * MiB);
    expect(uploadQuotaBytes({ UPLOAD_STORAGE_QUOTA_MB: '0.5' })).toBe(MiB / 2);
  });

  it('refuses a streamed upload that grows past the quota mid-stream, keeps nothing of it, and takes it once a file is deleted', async () => {
    const quota = await quotaAbove(2.5 * MiB);
    const first = await uploadFile(textOf(MiB), 'first.txt');
    expect(first.status).toBe(201);
    const before = await stored();

    // 3 MiB: the first 1 MiB part fits and is written, the second would pass the quota.
    const refused = await uploadFile(textOf(3 * MiB), 'big.txt');
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual(FULL);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await stored()).toEqual(before);

    // Deleting the first file frees its megabyte: the same upload still does not fit, a 2 MiB one does.
    const id = String(first.json.id);
    expect((await call(fileRoute.DELETE, 'DELETE', `/files/${id}`, { token, params: { id } })).status).toBe(200);
    const freed = before.bytes - (await stored()).bytes;
    expect(freed).toBeGreaterThanOrEqual(MiB);
    const fits = await uploadFile(textOf(2 * MiB), 'fits.txt');
    expect(fits.status).toBe(201);
    expect((await stored()).bytes).toBeLessThanOrEqual(quota);
    console.log(`[upload-quota] quota ${(quota / MiB).toFixed(2)} MiB: 3 MiB streamed upload refused mid-stream after ${refused.ms.toFixed(0)} ms (stored bytes unchanged: ${before.bytes}); deleting a file freed ${freed} bytes, a 2 MiB upload then answered 201 in ${fits.ms.toFixed(0)} ms`);
  });

  it('refuses uploads to a full store before reading them: documents, logos and avatars, until room is made', async () => {
    const filler = await uploadFile(textOf(MiB), 'filler.txt');
    expect(filler.status).toBe(201);
    await quotaAbove(0);
    const before = await stored();

    for (const res of [await uploadFile(textOf(1000)), await multipart(logoRoute.POST, '/schools/my-school/upload-logo', PNG_1x1, 'logo.png'), await multipart(avatarRoute.POST, '/ai-settings/persona/upload-avatar', PNG_1x1, 'avatar.png')]) {
      expect(res.status).toBe(503);
      expect(res.json).toEqual(FULL);
      expect(res.headers.get('retry-after')).toBe('60');
    }
    expect(await stored()).toEqual(before);

    const id = String(filler.json.id);
    expect((await call(fileRoute.DELETE, 'DELETE', `/files/${id}`, { token, params: { id } })).status).toBe(200);
    expect((await uploadFile(textOf(1000))).status).toBe(201);
    expect((await multipart(logoRoute.POST, '/schools/my-school/upload-logo', PNG_1x1, 'logo.png')).status).toBe(200);
    expect((await multipart(avatarRoute.POST, '/ai-settings/persona/upload-avatar', PNG_1x1, 'avatar.png')).status).toBe(200);
  });

  it('lets uploads through when no quota is set', async () => {
    expect(process.env.UPLOAD_STORAGE_QUOTA_MB).toBeUndefined();
    expect((await uploadFile(textOf(2 * MiB))).status).toBe(201);
  });
});
