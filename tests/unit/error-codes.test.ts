import { describe, expect, it } from 'vitest';
import { codeForStatus, ERROR_CODES } from '@/lib/http/action-result';
import { AppError, conflict, forbidden, noSchool, notFound, sessionEnded, tooManyRequests, unauthorized, validationError } from '@/lib/http/errors';
import { errorResponse } from '@/lib/http/error-response';
import { failureFrom, failureText } from '@/lib/web/api';

// Answers carry a machine-readable code beside the spec's text, derived in one place.

describe('error codes', () => {
  it('maps each status to one code', () => {
    expect(codeForStatus(400)).toBe('validation');
    expect(codeForStatus(401)).toBe('unauthorized');
    expect(codeForStatus(403)).toBe('forbidden');
    expect(codeForStatus(404)).toBe('not_found');
    expect(codeForStatus(409)).toBe('conflict');
    expect(codeForStatus(413)).toBe('validation');
    expect(codeForStatus(422)).toBe('validation');
    expect(codeForStatus(429)).toBe('rate_limited');
    expect(codeForStatus(500)).toBe('unavailable');
    expect(codeForStatus(502)).toBe('unavailable');
    expect(codeForStatus(503)).toBe('unavailable');
  });

  it('AppError kinds a status cannot tell apart name their own code', () => {
    expect(noSchool('No school associated with this account').code).toBe('no_school');
    expect(notFound('Web link not found').code).toBe('not_found');
    expect(sessionEnded().code).toBe('session_expired');
    expect(unauthorized().code).toBe('unauthorized');
    expect(forbidden().code).toBe('forbidden');
    expect(conflict('Taken').code).toBe('conflict');
    expect(tooManyRequests(5).code).toBe('rate_limited');
    expect(validationError([{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }]).code).toBe('validation');
    expect(new AppError(503, 'telephony not configured').code).toBe('unavailable');
    for (const e of [noSchool('x'), notFound(), sessionEnded(), conflict('x'), tooManyRequests(1)]) expect(ERROR_CODES).toContain(e.code);
  });

  it('every REST error answers {detail, code} with detail unchanged', async () => {
    const res = noSchool('No school associated with this account').toResponse();
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'No school associated with this account', code: 'no_school' });
    const issues = [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }];
    expect(await validationError(issues).toResponse().json()).toEqual({ detail: issues, code: 'validation' });
    const dup = errorResponse(Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ detail: 'A record with these details already exists', code: 'conflict' });
  });

  it('the client reads the code the server sent, else the status', () => {
    expect(failureFrom(404, { detail: 'No school associated with this account', code: 'no_school' })).toEqual({ ok: false, error: 'No school associated with this account', code: 'no_school' });
    // A proxy's error page has no code: the status names it.
    expect(failureFrom(503, null, 'Failed to load').code).toBe('unavailable');
    expect(failureFrom(429, { detail: 'Slow down', code: 'made_up' }).code).toBe('rate_limited');
  });

  it('screens choose their words by code, never by the server wording', () => {
    const noSchoolFailure = { ok: false as const, error: 'No school associated with this account', code: 'no_school' as const };
    expect(failureText(noSchoolFailure, { no_school: 'Set up your school first' }, 'Failed to save')).toBe('Set up your school first');
    expect(failureText({ ok: false, error: 'Name is taken', code: 'conflict' }, { no_school: 'Set up your school first' }, 'Failed to save')).toBe('Name is taken');
    expect(failureText({ ok: false, error: '', code: 'unavailable' }, {}, 'Failed to save')).toBe('Failed to save');
  });
});
