import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as avatarRoute from '@/app/(rest)/ai-settings/persona/upload-avatar/route';
import * as availableRoute from '@/app/(rest)/ai-settings/voices/available/route';
import * as previewRoute from '@/app/(rest)/ai-settings/voices/elevenlabs/preview/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as uploadsRoute from '@/app/(rest)/uploads/[id]/route';
import { PNG_1x1 } from '../fixtures/images';
import { call, STRONG_PASSWORD } from './http';

let token: string;
let server: http.Server;
let base: string;
const seen: { url: string; key?: string; body?: Record<string, unknown> }[] = [];
const MP3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xfb, 0x90, 0x64]);

beforeAll(async () => {
  // A local server speaking the ElevenLabs endpoints Lantern uses.
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ url: req.url!, key: req.headers['xi-api-key'] as string, body: raw ? JSON.parse(raw) : undefined });
      if (req.headers['xi-api-key'] !== 'xi-test') return res.writeHead(401).end('{}');
      if (req.method === 'GET' && req.url === '/v1/voices') {
        return res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ voices: [{ voice_id: 'custom1', name: 'Harbor', description: 'Our school voice', labels: { gender: 'female', accent: 'british', use_case: 'conversational' } }] }),
        );
      }
      if (req.method === 'POST' && req.url === '/v1/text-to-speech/custom1') return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(MP3);
      res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'vo@lantern.test', password: STRONG_PASSWORD, username: 'voroot', first_name: 'V', last_name: 'O' } })).json.access_token;
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'vera@lantern.test', username: 'vera', password: STRONG_PASSWORD, first_name: 'V', last_name: 'E' } });
  token = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'vera@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Voice College' } });
});

// Each test starts without an ElevenLabs key.
afterEach(() => {
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.ELEVENLABS_BASE_URL;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('voices', () => {
  it('offers the premade catalogue and explains previews without a key', async () => {
    const requestsBefore = seen.length;
    const list = await call(availableRoute.GET, 'GET', '/ai-settings/voices/available', { token });
    expect(list.json.source).toBe('catalogue');
    expect(list.json.voices).toContainEqual(expect.objectContaining({ voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', gender: 'female' }));
    const preview = await call(previewRoute.POST, 'POST', '/ai-settings/voices/elevenlabs/preview', { token, body: { voice_id: '21m00Tcm4TlvDq8ikWAM', text: '' } });
    expect(preview.json.message).toBe('Voice previews are not set up on this server; ask your administrator');
    expect(seen).toHaveLength(requestsBefore);
    expect((await call(previewRoute.POST, 'POST', '/ai-settings/voices/elevenlabs/preview', { token, body: { voice_id: '' } })).json.detail[0].msg).toBe('Please select a voice first');
  });

  it('uses the ElevenLabs API with a key: the account voices and a stored preview', async () => {
    Object.assign(process.env, { ELEVENLABS_API_KEY: 'xi-test', ELEVENLABS_BASE_URL: base });
    const list = await call(availableRoute.GET, 'GET', '/ai-settings/voices/available', { token });
    expect(list.json).toEqual({ source: 'elevenlabs', voices: [{ voice_id: 'custom1', name: 'Harbor', description: 'Our school voice', gender: 'female', accent: 'british', use_case: 'conversational' }] });
    const preview = await call(previewRoute.POST, 'POST', '/ai-settings/voices/elevenlabs/preview', { token, body: { voice_id: 'custom1', text: '  ' } });
    expect(preview.json).toMatchObject({ audio_url: expect.stringMatching(/^\/uploads\//), text: "Hello, I'm your AI assistant. How can I help you today?" });
    expect(seen.at(-1)!.body).toMatchObject({ text: "Hello, I'm your AI assistant. How can I help you today?", voice_settings: { stability: 0.5, similarity_boost: 0.5, style: 0, use_speaker_boost: true } });
    const id = preview.json.audio_url.split('/').pop();
    const audio = await uploadsRoute.GET(new Request(`http://localhost${preview.json.audio_url}`), { params: Promise.resolve({ id }) });
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await audio.arrayBuffer()).equals(MP3)).toBe(true);
    const failing = await call(previewRoute.POST, 'POST', '/ai-settings/voices/elevenlabs/preview', { token, body: { voice_id: 'unknown', text: 'Hi' } });
    expect(failing.status).toBe(502);
  });
});

describe('avatar upload', () => {
  async function upload(bytes: Buffer, name: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await avatarRoute.POST(new Request('http://localhost/ai-settings/persona/upload-avatar', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }), { params: Promise.resolve({}) });
    return { status: res.status, json: await res.json() };
  }

  it('accepts images by content and refuses fakes and oversize files with the spec messages', async () => {
    const ok = await upload(PNG_1x1, 'face.jpg');
    expect(ok.json.avatar_url).toMatch(/^\/uploads\//);
    const fake = await upload(Buffer.from('not an image'), 'face.png');
    expect(fake.json.detail[0].msg).toBe('Please upload a valid image file (JPEG, PNG, GIF, or WebP)');
    const big = await upload(Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(413);
    expect(big.json.detail).toBe('File size must be less than 5MB');
  });
});
