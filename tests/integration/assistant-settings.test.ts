import { beforeAll, describe, expect, it } from 'vitest';
import * as allInstructionsRoute from '@/app/(rest)/ai-settings/all-instructions/route';
import * as personaRoute from '@/app/(rest)/ai-settings/persona/route';
import * as personalityRoute from '@/app/(rest)/ai-settings/personality/route';
import * as voiceRoute from '@/app/(rest)/ai-settings/voices/elevenlabs/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as instructionRoute from '@/app/(rest)/special-instructions/[id]/route';
import * as instructionsRoute from '@/app/(rest)/special-instructions/route';
import { call, STRONG_PASSWORD } from './http';

let token: string;
let other: string;
let noSchool: string;
let su: string;

const login = async (email: string) => {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'A', last_name: 'S' } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
};

/** A new account with a school of its own, for a test that needs a school with nothing saved yet. */
async function schoolOfItsOwn(email: string, name: string) {
  const own = await login(email);
  expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token: own, body: { name } })).status).toBe(201);
  return own;
}

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'as@lantern.test', password: STRONG_PASSWORD, username: 'asroot', first_name: 'A', last_name: 'S' } })).json.access_token;
  token = await login('astrid@lantern.test');
  other = await login('otto@lantern.test');
  noSchool = await login('nils@lantern.test');
  await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Sage College' } });
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: other, body: { name: 'Other College' } });
});

describe('persona, personality and voice settings', () => {
  it('answers 404 before they are saved, then the saved values', async () => {
    const token = await schoolOfItsOwn('fresh@lantern.test', 'Fresh College');
    for (const [handler, path] of [
      [personaRoute.GET, '/ai-settings/persona'],
      [personalityRoute.GET, '/ai-settings/personality'],
      [voiceRoute.GET, '/ai-settings/voices/elevenlabs'],
    ] as const) {
      const res = await call(handler, 'GET', path, { token });
      expect(res.status, path).toBe(404);
      expect(res.json.detail, path).toMatch(/have not been set up yet/);
    }
    const persona = await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token, body: { ai_name: '  Sage  ', role_description: 'Admissions guide for Sage College.' } });
    expect(persona.json).toEqual({ ai_name: 'Sage', role_description: 'Admissions guide for Sage College.', avatar_url: null });
    const personality = await call(personalityRoute.PUT, 'PUT', '/ai-settings/personality', { token, body: { tone: 'supportive', personality_traits: ['Warm', 'Warm', 'Patient'] } });
    expect(personality.json).toEqual({ tone: 'supportive', formality: 'formal', response_style: 'concise', enthusiasm: 'moderate', empathy_level: 'high', humor_level: 'minimal', personality_traits: ['Warm', 'Patient'], custom_instructions: '' });
    const voice = await call(voiceRoute.PUT, 'PUT', '/ai-settings/voices/elevenlabs', { token, body: { voice_id: '21m00Tcm4TlvDq8ikWAM', voice_name: 'Rachel', stability: 0.7 } });
    expect(voice.json).toMatchObject({ voice_name: 'Rachel', stability: expect.closeTo(0.7, 5), similarity_boost: 0.5, style: 0, use_speaker_boost: true });
    expect((await call(personaRoute.GET, 'GET', '/ai-settings/persona', { token })).json.ai_name).toBe('Sage');
    expect((await call(personaRoute.GET, 'GET', '/ai-settings/persona', { token: other })).status).toBe(404);
  });

  it('refuses bad input with location and message pairs', async () => {
    const long = await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token, body: { ai_name: 'x'.repeat(51) } });
    expect(long.status).toBe(422);
    expect(long.json.detail[0]).toMatchObject({ loc: ['body', 'ai_name'], msg: 'AI name must be at most 50 characters' });
    expect((await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token, body: { ai_name: 'Sage', role_description: 'y'.repeat(501) } })).status).toBe(422);
    expect((await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token, body: { ai_name: 'Sage', avatar_url: 'javascript:alert(1)' } })).status).toBe(422);
    const enums = await call(personalityRoute.PUT, 'PUT', '/ai-settings/personality', { token, body: { tone: 'sarcastic', humor_level: 'lots', personality_traits: ['Grumpy'] } });
    expect(enums.status).toBe(422);
    expect(enums.json.detail.map((d: { loc: (string | number)[] }) => d.loc.join('.'))).toEqual(['body.tone', 'body.humor_level', 'body.personality_traits.0']);
    const slider = await call(voiceRoute.PUT, 'PUT', '/ai-settings/voices/elevenlabs', { token, body: { voice_id: 'v', stability: 1.2, style: 0.25 } });
    expect(slider.json.detail.map((d: { msg: string }) => d.msg)).toEqual(['Stability must be from 0 to 1', 'Style moves in steps of 0.1']);
    expect((await call(voiceRoute.PUT, 'PUT', '/ai-settings/voices/elevenlabs', { token, body: { voice_id: '' } })).json.detail[0].msg).toBe('Please select a voice first');
  });
});

describe('special instructions', () => {
  it('creates, lists by priority under data, updates and deletes', async () => {
    // A school of its own: the list holds exactly what this test creates.
    const token = await schoolOfItsOwn('lister@lantern.test', 'Lister College');
    const a = await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body: { title: '  Mention aid  ', instruction_text: ' Always mention financial aid. ', instruction_type: 'always_do', priority: 20 } });
    expect(a.status).toBe(201);
    expect(a.json).toMatchObject({ title: 'Mention aid', instruction_text: 'Always mention financial aid.', is_active: true });
    await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body: { title: 'No guarantees', instruction_text: 'Never promise admission.', instruction_type: 'never_do', priority: 90 } });
    const list = await call(instructionsRoute.GET, 'GET', '/special-instructions/', { token });
    expect(list.json.data.map((i: { title: string }) => i.title)).toEqual(['No guarantees', 'Mention aid']);
    const id = String(a.json.id);
    const upd = await call(instructionRoute.PUT, 'PUT', `/special-instructions/${id}`, { token, params: { id }, body: { title: 'Mention aid', instruction_text: 'Mention aid early.', priority: 95, is_active: false } });
    expect(upd.json).toMatchObject({ priority: 95, is_active: false, instruction_type: 'general' });
    expect((await call(instructionRoute.PUT, 'PUT', `/special-instructions/${id}`, { token: other, params: { id }, body: { title: 'x', instruction_text: 'y' } })).status).toBe(404);
    expect((await call(instructionRoute.DELETE, 'DELETE', `/special-instructions/${id}`, { token: other, params: { id } })).status).toBe(404);
    expect((await call(instructionRoute.DELETE, 'DELETE', `/special-instructions/${id}`, { token, params: { id } })).status).toBe(200);
    expect((await call(instructionsRoute.GET, 'GET', '/special-instructions/', { token: other })).json).toEqual({ data: [] });
  });

  it('validates with the spec messages and the 404 rule', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: ' ', instruction_text: 'x' }, 'Title is required'],
      [{ title: 'x', instruction_text: '' }, 'Instruction text is required'],
      [{ title: 'x', instruction_text: 'y', priority: 101 }, 'Priority must be a whole number from 0 to 100'],
      [{ title: 'x', instruction_text: 'y', priority: 'abc' }, 'Priority must be a whole number from 0 to 100'],
      [{ title: 'x', instruction_text: 'y', priority: 2.5 }, 'Priority must be a whole number from 0 to 100'],
    ];
    for (const [body, msg] of cases) {
      const res = await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body });
      expect(res.status, msg).toBe(422);
      expect(res.json.detail[0].msg).toBe(msg);
    }
    expect((await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body: { title: 'x', instruction_text: 'y', instruction_type: 'maybe_do' } })).status).toBe(422);
    const none = await call(instructionsRoute.GET, 'GET', '/special-instructions/', { token: noSchool });
    expect(none.status).toBe(404);
    expect(none.json.detail).toContain('No school associated');
    expect((await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token: noSchool, body: { ai_name: 'X' } })).status).toBe(404);
  });
});

describe("the assistant's instructions", () => {
  it('builds the system prompt from persona, personality, rules by priority and action prompts', async () => {
    // Sage College's persona, personality, voice and rules, all saved here.
    await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token, body: { ai_name: 'Sage', role_description: 'Admissions guide for Sage College.' } });
    await call(personalityRoute.PUT, 'PUT', '/ai-settings/personality', { token, body: { tone: 'supportive', personality_traits: ['Warm', 'Patient'] } });
    await call(voiceRoute.PUT, 'PUT', '/ai-settings/voices/elevenlabs', { token, body: { voice_id: '21m00Tcm4TlvDq8ikWAM', voice_name: 'Rachel', stability: 0.7 } });
    await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body: { title: 'No guarantees', instruction_text: 'Never promise admission.', instruction_type: 'never_do', priority: 90 } });
    await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body: { title: 'Deadlines', instruction_text: 'Remind visitors of the January 15 deadline.', instruction_type: 'always_do', priority: 10 } });
    await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body: { title: 'Aid first', instruction_text: 'Mention financial aid before costs.', instruction_type: 'always_do', priority: 80 } });
    await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body: { title: 'Rankings', instruction_text: 'compare Sage with other colleges.', instruction_type: 'never_do', priority: 50 } });
    await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body: { title: 'Off', instruction_text: 'This one is switched off.', instruction_type: 'general', is_active: false } });
    const res = await call(allInstructionsRoute.GET, 'GET', '/ai-settings/all-instructions', { token, query: { include_voice: 'true' } });
    expect(res.status).toBe(200);
    const prompt: string = res.json.system_prompt;
    expect(prompt).toContain('You are Sage, the admissions assistant of Sage College. Admissions guide for Sage College.');
    expect(prompt).toContain('Speak in a supportive tone, formal in formality');
    expect(prompt).toContain('Be warm, patient.');
    expect(prompt.indexOf('Aid first')).toBeLessThan(prompt.indexOf('Deadlines'));
    expect(prompt).toContain('Never:\n- Do not promise admission.\n- Do not compare Sage with other colleges.');
    expect(prompt).not.toContain('switched off');
    expect(prompt).toContain('Never invent facts');
    expect(prompt).toContain('you use the voice "Rachel"');
    expect(res.json.parts.rules.always_do).toEqual(['Aid first: Mention financial aid before costs.', 'Deadlines: Remind visitors of the January 15 deadline.']);
    const noVoice = await call(allInstructionsRoute.GET, 'GET', '/ai-settings/all-instructions', { token, query: { include_voice: 'false' } });
    expect(noVoice.json.system_prompt).not.toContain('voice');
    expect((await call(allInstructionsRoute.GET, 'GET', '/ai-settings/all-instructions', { token: noSchool })).status).toBe(404);
    const otherPrompt = (await call(allInstructionsRoute.GET, 'GET', '/ai-settings/all-instructions', { token: other })).json.system_prompt;
    expect(otherPrompt).toContain('Other College');
    expect(otherPrompt).not.toContain('Aid first');
  });
});
