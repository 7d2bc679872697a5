import { beforeAll, describe, expect, it } from 'vitest';
import { adminWithSchool, byKey, callOp, registerSuperuser, type Staff } from './harness';
import { judge } from './fuzz';

/** The failing cases the route-matrix fuzzer found, kept. */

let admin: Staff;

beforeAll(async () => {
  const su = await registerSuperuser();
  admin = await adminWithSchool(su.token, 'Regress');
});

describe('fuzzer findings', () => {
  it('a voice slider within the step tolerance (1e-124) is stored as the step, not a 500 from an underflowing real', async () => {
    const op = byKey('PUT /ai-settings/voices/elevenlabs');
    const res = await callOp(op, { token: admin.token }, { body: { voice_id: '5', similarity_boost: 4.2479259941686245e-89, stability: 1.5e-323, style: 1e-300 } });
    expect(judge(res)).toBeNull();
    expect(res.status).toBe(200);
    const read = await callOp(byKey('GET /ai-settings/voices/elevenlabs'), { token: admin.token });
    expect(read.json).toMatchObject({ stability: 0, similarity_boost: 0, style: 0 });
  });

  it('a GPA of 1e-300 is kept to two decimals, not a 500', async () => {
    const res = await callOp(byKey('POST /leads/'), { token: admin.token }, { body: { first_name: 'Tiny', email: 'tiny@example.com', gpa: 1e-300 } });
    expect(judge(res)).toBeNull();
    expect(res.status).toBe(201);
    const id = String((res.json as { id: number }).id);
    expect((await callOp(byKey('GET /leads/{id}'), { token: admin.token }, { params: { id } })).json).toMatchObject({ gpa: 0 });
    const patched = await callOp(byKey('PATCH /leads/{id}'), { token: admin.token }, { params: { id }, body: { gpa: 3.456 } });
    expect(patched.status).toBe(200);
    expect((await callOp(byKey('GET /leads/{id}'), { token: admin.token }, { params: { id } })).json).toMatchObject({ gpa: 3.46 });
  });
});
