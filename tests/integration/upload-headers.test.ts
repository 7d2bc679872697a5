import { describe, expect, it } from 'vitest';
import * as uploadRoute from '@/app/(rest)/uploads/[id]/route';
import { saveBlob } from '@/lib/storage/blobs';
import { call } from './http';

// An upload is served as the type checked when it was stored, sandboxed, and
// downloaded rather than shown when it is not an image.

const get = (id: string) => call(uploadRoute.GET, 'GET', `/uploads/${id}`, { params: { id } });

describe('GET /uploads/{id}', () => {
  it('shows an image in place, sandboxed, with its stored type', async () => {
    const id = await saveBlob({ schoolId: null, contentType: 'image/png', filename: 'logo.png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), isPublic: true });
    const res = await get(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
  });

  it('makes anything else a download', async () => {
    const id = await saveBlob({ schoolId: null, contentType: 'audio/mpeg', filename: 'voice-preview.mp3', data: new Uint8Array([0xff, 0xfb, 0x90, 0x00]), isPublic: true });
    const res = await get(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="upload-${id}"`);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('never serves a private blob', async () => {
    const id = await saveBlob({ schoolId: null, contentType: 'image/png', filename: 'x.png', data: new Uint8Array([1]), isPublic: false });
    expect((await get(id)).status).toBe(404);
  });
});
