import { describe, expect, it } from 'vitest';
import { checkPassword, isCommonPassword } from '@/lib/auth/policy';

describe('password policy', () => {
  it('lists each unmet requirement', () => {
    expect(checkPassword('abc').errors).toEqual([
      'Password must be at least 12 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
    ]);
    expect(checkPassword('ABCDEFGHIJKL1').errors).toEqual(['Password must contain at least one lowercase letter']);
  });

  it('accepts 12 to 128 characters and refuses longer', () => {
    const long = `Aa1-${'xq7Z'.repeat(31)}`;
    expect(long.length).toBe(128);
    expect(checkPassword(long).is_valid).toBe(true);
    expect(checkPassword(`${long}x`).errors).toContain('Password must be at most 128 characters long');
  });

  it('treats leaked passwords and their padded forms as common', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1234')).toBe(true);
    expect(isCommonPassword('Qwerty123456!')).toBe(true);
    expect(isCommonPassword('Lantern-Harbor-2026')).toBe(false);
  });

  it('refuses passwords containing the username or the e-mail name', () => {
    expect(checkPassword('Margaret-Rivers-77', { username: 'rivers' }).errors).toEqual(['Password must not contain your username']);
    expect(checkPassword('Xmhamilton-2026-Q', { email: 'mhamilton@example.com' }).errors).toEqual(['Password must not contain your e-mail name']);
  });

  it('scores strength as a percent with a label, colour and suggestions', () => {
    const weak = checkPassword('aaaaaaaaaaaa');
    const strong = checkPassword('Tangerine-Lighthouse-Voyage-41');
    expect(weak.strength.score).toBeLessThanOrEqual(25);
    expect(strong.strength).toMatchObject({ score: 100, label: 'Very Strong' });
    expect(weak.strength.suggestions.length).toBeGreaterThan(0);
    expect(strong.strength.details).toMatchObject({ has_uppercase: true, has_lowercase: true, has_number: true, has_special: true, is_common: false });
  });
});
