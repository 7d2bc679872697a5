import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/http/errors';
import { assertStorableText, jsonNestingDepth, MAX_JSON_DEPTH } from '@/lib/http/body';
import { pathDecodes } from '@/lib/security/page-headers';

describe('jsonNestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings (escaped quotes included)', () => {
    expect(jsonNestingDepth('{"a": [1, {"b": []}]}')).toBe(4);
    expect(jsonNestingDepth('{"a": "[[[[{{{{", "b": "\\"[[["}')).toBe(1);
    expect(jsonNestingDepth('"just a string"')).toBe(0);
  });

  it('stops counting once past the limit, so a hostile body costs one short scan', () => {
    expect(jsonNestingDepth('['.repeat(400_000) + ']'.repeat(400_000))).toBe(MAX_JSON_DEPTH + 1);
  });
});

describe('assertStorableText', () => {
  const failure = (value: unknown) => {
    try {
      assertStorableText(value, ['body']);
    } catch (err) {
      return (err as AppError).detail;
    }
    return null;
  };

  it('names the place of a NUL or a lone surrogate, in values and keys, at any depth', () => {
    expect(failure({ a: [{ b: 'x\u0000' }] })).toEqual([{ loc: ['body', 'a', 0, 'b'], msg: 'Text contains characters that cannot be stored', type: 'string_unicode' }]);
    expect(failure(['ok', '\ud800'])).toEqual([expect.objectContaining({ loc: ['body', 1] })]);
    expect(failure({ 'k\u0000': 1 })).toEqual([expect.objectContaining({ loc: ['body'] })]);
    expect(failure({ a: ['fine', 1, true, null, { b: 'émoji 🎓' }] })).toBeNull();
  });

  it('walks without recursion: a very deep value cannot exhaust the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(failure(deep)).not.toBeNull();
  });
});

describe('pathDecodes', () => {
  it('refuses %-escapes that do not decode and accepts those that do', () => {
    expect(pathDecodes('/web-links/%ff%fe')).toBe(false);
    expect(pathDecodes('/files/%e0%a4%a')).toBe(false);
    expect(pathDecodes('/web-links/%41%C3%A9')).toBe(true);
    expect(pathDecodes('/web-links/12')).toBe(true);
  });
});
