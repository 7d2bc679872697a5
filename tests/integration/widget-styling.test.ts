import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as brandingRoute from '@/app/(rest)/schools/my-school/branding/route';
import * as uploadsRoute from '@/app/(rest)/uploads/[id]/route';
import * as stylingRoute from '@/app/(rest)/widget-styling/route';
import * as configRoute from '@/app/(rest)/api/widget/config/route';
import * as openapiRoute from '@/app/openapi.json/route';
import { getDb } from '@/db/client';
import { blobs } from '@/db/schema';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { deleteUnreferencedUploads } from '@/lib/storage/blobs';
import { STYLING_FIELDS, stylingSchema, type WidgetStyling } from '@/lib/widget/styling';
import { GIF_1x1, PNG_1x1, SVG } from '../fixtures/images';
import { call, fromClient, STRONG_PASSWORD } from './http';

let su: string;
let tokenA: string;
let tokenB: string;
let keyA: string;
let keyB: string;

const DEFAULTS = stylingSchema.parse({});

async function newAccount(email: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'W', last_name: 'S' } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

/** POST /widget-styling as a browser would send the form: `styling` JSON text and an optional icon file. */
async function post(token: string | null, styling: unknown, icon?: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  if (styling !== undefined) form.append('styling', typeof styling === 'string' ? styling : JSON.stringify(styling));
  if (icon) form.append('icon', new Blob([new Uint8Array(icon.bytes)], { type: icon.type ?? 'image/png' }), icon.name);
  const headers: Record<string, string> = { ...fromClient('203.0.113.31') };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await stylingRoute.POST(new Request('http://localhost:3000/widget-styling', { method: 'POST', headers, body: form }), { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}
const get = (token: string) => call(stylingRoute.GET, 'GET', '/widget-styling', { token });
const config = (key: string) => call(configRoute.GET, 'GET', '/api/widget/config', { headers: { 'x-api-key': key } });

/** A wrong value for every field, by the kind of field it is. */
function badValue(field: keyof WidgetStyling): unknown {
  if (field.endsWith('Color')) return 'blue';
  if (field.endsWith('FontFamily')) return 'Comic Sans MS';
  const special: Partial<Record<keyof WidgetStyling, unknown>> = {
    buttonIcon: 'rocket',
    customIconUrl: 'javascript:alert(1)',
    buttonPosition: 'top-left',
    buttonSize: 'huge',
    borderRadius: 'blob',
    avatarSize: 'xl',
    userAvatarStyle: 'star',
    buttonTextContent: 'x'.repeat(41),
    buttonTextLabelFontSize: '13px',
    buttonAnimation: 'explode',
    animationInterval: 7,
    promptEnabled: 'yes',
    promptDelaySeconds: 45,
    promptMessage: 'x'.repeat(201),
    promptDurationSeconds: 15,
    promptRepeatInterval: 90,
    defaultLanguage: 'de',
  };
  if (!(field in special)) throw new Error(`no bad value for ${field}: add one here`);
  return special[field];
}

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'ws@lantern.test', password: STRONG_PASSWORD, username: 'wsroot', first_name: 'W', last_name: 'S' } })).json.access_token;
  tokenA = await newAccount('wanda@lantern.test');
  tokenB = await newAccount('boris@lantern.test');
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: tokenA, body: { name: 'Willow College' } });
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: tokenB, body: { name: 'Birch College' } });
  keyA = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: tokenA })).json.api_key;
  keyB = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: tokenB })).json.api_key;
});

afterEach(() => resetMemoryLimits());

describe('GET /widget-styling', () => {
  it('answers every field with its default before anything is saved', async () => {
    const res = await get(tokenA);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(DEFAULTS);
    expect(Object.keys(res.json).sort()).toEqual([...STYLING_FIELDS].sort());
    expect(res.json).toMatchObject({ primaryColor: '#007bff', buttonSize: 'medium', buttonPosition: 'bottom-right', borderRadius: 'rounded', avatarSize: 'small', userAvatarStyle: 'letter', promptDelaySeconds: 30, promptDurationSeconds: 10, promptRepeatInterval: 0 });
  });

  it("takes its first colours from the school's branding, with text that reads at 4.5:1; what the school saves wins", async () => {
    const token = await newAccount('maple@lantern.test');
    await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Maple College' } });
    const key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token })).json.api_key;
    // The profile's own untouched colours are no branding: the spec's defaults.
    expect((await get(token)).json.primaryColor).toBe('#007bff');
    const brand = (primary: string) => call(brandingRoute.PATCH, 'PATCH', '/schools/my-school/branding', { token, body: { primary_color: primary, secondary_color: '#ffffff', tertiary_color: '#eeeeee', font_family: 'Arial' } });
    expect((await brand('#8a1538')).status).toBe(200);
    const maroon = { primaryColor: '#8a1538', userBubbleBgColor: '#8a1538', quickCardPrimaryColor: '#8a1538', quickCardLinkButtonBgColor: '#8a1538', quickCardLinkColor: '#8a1538', headerTextColor: '#ffffff', buttonTextColor: '#ffffff', userBubbleTextColor: '#ffffff' };
    expect((await get(token)).json).toMatchObject(maroon);
    expect((await config(key)).json.styling).toMatchObject(maroon);
    // A light brand colour gets dark text, and a link colour that reads on the card.
    await brand('#ffd100');
    expect((await get(token)).json).toMatchObject({ primaryColor: '#ffd100', headerTextColor: '#111111', userBubbleTextColor: '#111111', quickCardLinkColor: '#111111' });
    const saved = await post(token, { primaryColor: '#123456' });
    expect(saved.json).toMatchObject({ primaryColor: '#123456', userBubbleBgColor: '#ffd100' });
    expect((await config(key)).json.styling.primaryColor).toBe('#123456');
  });

  it('needs a token', async () => {
    expect((await call(stylingRoute.GET, 'GET', '/widget-styling')).status).toBe(401);
    expect((await post(null, { primaryColor: '#112233' })).status).toBe(401);
  });

  it('is documented in /openapi.json with its multipart body', async () => {
    const doc = (await call(openapiRoute.GET, 'GET', '/openapi.json')).json;
    expect(doc.paths['/widget-styling'].get).toBeTruthy();
    const body = doc.paths['/widget-styling'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['icon', 'styling']);
    expect(body.required).toEqual([]);
  });
});

describe('POST /widget-styling', () => {
  it('saves a part of the fields; the others keep their saved values; the config call answers them at once', async () => {
    const first = await post(tokenA, { primaryColor: '#AA3300', buttonTextContent: '  Ask us  ', buttonAnimation: 'pulse', animationInterval: 0 });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ primaryColor: '#aa3300', buttonTextContent: 'Ask us', buttonAnimation: 'pulse', animationInterval: 0, secondaryColor: DEFAULTS.secondaryColor });
    const second = await post(tokenA, { headerFontFamily: 'Georgia', promptRepeatInterval: 120 });
    expect(second.json).toMatchObject({ primaryColor: '#aa3300', buttonTextContent: 'Ask us', headerFontFamily: 'Georgia', promptRepeatInterval: 120 });
    expect((await get(tokenA)).json).toEqual(second.json);
    const cfg = await config(keyA);
    expect(cfg.status).toBe(200);
    expect(cfg.json.styling).toEqual(second.json);
    // A later save shows on the very next config call (nothing cached).
    await post(tokenA, { primaryColor: '#123456' });
    expect((await config(keyA)).json.styling.primaryColor).toBe('#123456');
  });

  it('keeps every one of several saves of different fields sent at the same moment', async () => {
    const fields = STYLING_FIELDS.filter((f) => f.endsWith('Color')).slice(0, 8);
    const saves = await Promise.all(fields.map((f, i) => post(tokenA, { [f]: `#0${i}0${i}0${i}` })));
    expect(saves.map((s) => s.status)).toEqual(fields.map(() => 200));
    expect((await get(tokenA)).json).toMatchObject(Object.fromEntries(fields.map((f, i) => [f, `#0${i}0${i}0${i}`])));
  });

  it('refuses a bad value of every field with its location, and saves nothing', async () => {
    const before = (await get(tokenA)).json;
    for (const field of STYLING_FIELDS) {
      const res = await post(tokenA, { primaryColor: '#010203', [field]: badValue(field) });
      expect(res.status, field).toBe(422);
      expect(res.json.detail.map((d: { loc: string[] }) => d.loc.join('.')), field).toContain(`body.styling.${field}`);
    }
    expect((await get(tokenA)).json).toEqual(before);
  });

  it('accepts every value of the lists (intervals, delays, durations, repeats, fonts)', async () => {
    const lists: [keyof WidgetStyling, unknown[]][] = [
      ['animationInterval', [0, 1, 2, 3, 4, 5, 10, 15, 20, 30, 45, 60, 120, 9999999]],
      ['promptDelaySeconds', [0, 5, 10, 20, 30, 60, 120, 180, 240, 300, 600]],
      ['promptDurationSeconds', [5, 10, 20, 30]],
      ['promptRepeatInterval', [0, 30, 60, 120, 180, 240, 300, 600]],
      ['aiBubbleFontFamily', ['inherit', 'Arial', 'Georgia', 'Times New Roman', 'Verdana', 'Helvetica']],
    ];
    for (const [field, values] of lists) {
      for (const value of values) expect((await post(tokenB, { [field]: value })).json[field], `${field}=${value}`).toBe(value);
    }
    expect((await post(tokenB, { promptMessage: 'y'.repeat(200) })).status).toBe(200);
  });

  it('refuses unknown fields, text that is not JSON and JSON that is not an object', async () => {
    const before = (await get(tokenA)).json;
    const unknown = await post(tokenA, { primaryColor: '#000000', fontSize: 12 });
    expect(unknown.status).toBe(422);
    expect(unknown.json.detail).toEqual([{ loc: ['body', 'styling', 'fontSize'], msg: 'Unknown styling field: fontSize', type: 'extra_forbidden' }]);
    const notJson = await post(tokenA, '{primaryColor: red');
    expect(notJson.status).toBe(422);
    expect(notJson.json.detail[0]).toMatchObject({ loc: ['body', 'styling'], msg: 'styling is not valid JSON' });
    for (const text of ['[1,2]', '"text"', '42', 'null']) {
      const res = await post(tokenA, text);
      expect(res.status, text).toBe(422);
      expect(res.json.detail[0], text).toMatchObject({ loc: ['body', 'styling'], msg: 'styling must be a JSON object of styling fields' });
    }
    const json = await call(stylingRoute.POST, 'POST', '/widget-styling', { token: tokenA, body: { primaryColor: '#000000' } });
    expect(json.status).toBe(422);
    expect((await get(tokenA)).json).toEqual(before);
  });

  it('stores a PNG or JPEG icon checked by its content and serves it from /uploads', async () => {
    const res = await post(tokenA, { buttonIcon: 'custom' }, { bytes: PNG_1x1, name: 'icon.png' });
    expect(res.status).toBe(200);
    expect(res.json.buttonIcon).toBe('custom');
    expect(res.json.customIconUrl).toMatch(/^\/uploads\/[0-9a-f-]+$/);
    const id = res.json.customIconUrl.split('/').pop();
    const served = await uploadsRoute.GET(new Request(`http://localhost:3000${res.json.customIconUrl}`), { params: Promise.resolve({ id }) });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await config(keyA)).json.styling.customIconUrl).toBe(res.json.customIconUrl);
    // A JPEG named anything is a JPEG.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    expect((await post(tokenA, undefined, { bytes: jpeg, name: 'icon.bin', type: 'application/octet-stream' })).json.customIconUrl).toMatch(/^\/uploads\//);
    // The saved icon is in use, so the daily cleanup of unreferenced uploads keeps it.
    await deleteUnreferencedUploads(-1);
    const [kept] = await (await getDb()).select({ id: blobs.id }).from(blobs).where(eq(blobs.id, (await get(tokenA)).json.customIconUrl.split('/').pop()));
    expect(kept).toBeTruthy();
  });

  it('refuses an SVG, HTML named .png, a GIF, a 6 MB file and an icon without buttonIcon custom; nothing saved', async () => {
    await post(tokenB, { buttonIcon: 'custom', customIconUrl: null });
    const before = (await get(tokenB)).json;
    const db = await getDb();
    const blobCount = async () => (await db.select({ id: blobs.id }).from(blobs)).length;
    const count = await blobCount();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const [bytes, name] of [
      [SVG, 'icon.svg'],
      [html, 'icon.png'],
      [GIF_1x1, 'icon.gif'],
    ] as const) {
      const res = await post(tokenB, { primaryColor: '#ff0000' }, { bytes, name });
      expect(res.status, name).toBe(422);
      expect(res.json.detail[0], name).toMatchObject({ loc: ['body', 'icon'], msg: 'Please upload a PNG or JPG image' });
    }
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG_1x1);
    const large = await post(tokenB, { primaryColor: '#ff0000' }, { bytes: big, name: 'big.png' });
    expect(large.status).toBe(413);
    expect(large.json.detail).toBe('Icon file must be less than 5MB');
    const notCustom = await post(tokenB, { buttonIcon: 'robot' }, { bytes: PNG_1x1, name: 'icon.png' });
    expect(notCustom.status).toBe(422);
    expect(notCustom.json.detail[0].loc).toEqual(['body', 'icon']);
    expect((await get(tokenB)).json).toEqual(before);
    expect(await blobCount()).toBe(count);
  });

  it("keeps each school's styling to itself", async () => {
    await post(tokenA, { primaryColor: '#0a0a0a', buttonTextContent: 'Willow' });
    await post(tokenB, { primaryColor: '#0b0b0b', buttonTextContent: 'Birch' });
    expect((await get(tokenA)).json).toMatchObject({ primaryColor: '#0a0a0a', buttonTextContent: 'Willow' });
    expect((await get(tokenB)).json).toMatchObject({ primaryColor: '#0b0b0b', buttonTextContent: 'Birch' });
    expect((await config(keyA)).json.styling.buttonTextContent).toBe('Willow');
    expect((await config(keyB)).json.styling.buttonTextContent).toBe('Birch');
  });
});
