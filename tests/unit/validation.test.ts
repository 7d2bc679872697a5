import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/http/errors';
import { parseWith } from '@/lib/http/validation';

const schema = z.object({ name: z.string().max(3), age: z.number(), tags: z.array(z.string()) });

function issues(input: unknown) {
  try {
    parseWith(schema, input, 'body');
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    return (err as AppError).detail;
  }
  throw new Error('expected a validation error');
}

describe('FastAPI-shaped validation errors', () => {
  it('reports missing fields as "Field required"', () => {
    expect(issues({ name: 'ab', tags: [] })).toEqual([{ loc: ['body', 'age'], msg: 'Field required', type: 'missing' }]);
  });

  it('reports wrong types, long strings and nested positions', () => {
    expect(issues({ name: 'abcd', age: 'x', tags: ['ok', 5] })).toEqual([
      { loc: ['body', 'name'], msg: expect.any(String), type: 'string_too_long' },
      { loc: ['body', 'age'], msg: expect.any(String), type: 'number_type' },
      { loc: ['body', 'tags', 1], msg: expect.any(String), type: 'string_type' },
    ]);
  });

  it('answers a {detail} response', async () => {
    const res = new AppError(409, 'Taken').toResponse();
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: 'Taken', code: 'conflict' });
  });
});
