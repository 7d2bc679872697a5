import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as avatarRoute from '@/app/(rest)/ai-settings/persona/upload-avatar/route';
import * as personaRoute from '@/app/(rest)/ai-settings/persona/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as logoRoute from '@/app/(rest)/schools/my-school/upload-logo/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as uploadRoute from '@/app/(rest)/uploads/[id]/route';
import { getDb } from '@/db/client';
import { blobs } from '@/db/schema';
import { findTask } from '@/lib/jobs/define';
import { PNG_1x1 } from '../fixtures/images';
import { call, STRONG_PASSWORD } from './http';
import { background } from '@/background';

// Public uploads nothing uses are not served forever.

let token: string;

async function upload(handler: typeof avatarRoute.POST, path: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG_1x1)]), 'face.png');
  const res = await handler(new Request(`http://localhost${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }), { params: Promise.resolve({}) });
  const json = await res.json();
  return json.avatar_url ?? json.logo_url;
}

const idOf = (url: string) => url.slice('/uploads/'.length);
const served = async (url: string) => (await call(uploadRoute.GET, 'GET', url, { params: { id: idOf(url) } })).status;

beforeAll(async () => {
  token = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'up@lantern.test', password: STRONG_PASSWORD, username: 'uproot', first_name: 'U', last_name: 'P' } })).json.access_token;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Upload College' } });
});

describe('upload_cleanup', () => {
  it('removes public uploads nothing has used for a day, and keeps logos, saved avatars and fresh uploads', async () => {
    const saved = await upload(avatarRoute.POST, '/ai-settings/persona/upload-avatar');
    const replaced = await upload(avatarRoute.POST, '/ai-settings/persona/upload-avatar');
    const neverSaved = await upload(avatarRoute.POST, '/ai-settings/persona/upload-avatar');
    const logo = await upload(logoRoute.POST, '/schools/my-school/upload-logo');
    await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token, body: { ai_name: 'Ada', avatar_url: replaced } });
    await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token, body: { ai_name: 'Ada', avatar_url: saved } });
    const db = await getDb();
    const aged = [saved, replaced, neverSaved, logo].map(idOf);
    await db.update(blobs).set({ createdAt: sql`now() - interval '25 hours'` }).where(inArray(blobs.id, aged));
    const fresh = await upload(avatarRoute.POST, '/ai-settings/persona/upload-avatar');

    const result = await findTask(background, 'upload_cleanup')!.handler();

    expect(result).toEqual({ uploads_deleted: 2 });
    expect(await served(replaced)).toBe(404);
    expect(await served(neverSaved)).toBe(404);
    expect(await served(saved)).toBe(200);
    expect(await served(logo)).toBe(200);
    expect(await served(fresh)).toBe(200);
  });
});
