import { describe, expect, it } from 'vitest';
import { describeRequirements, parseRequirements } from '@/lib/leads/requirements';
import { duplicateFields, leadGenSettingsSchema } from '@/lib/leads/schema';

describe('lead-gen settings schema (shared by the Lead Gen tab, its action and PUT /lead-gen/settings)', () => {
  it('names every repeat of a field with its index', () => {
    expect(duplicateFields(['email', 'phone', 'email', 'email'])).toEqual([
      { index: 2, message: 'Field "email" is listed more than once' },
      { index: 3, message: 'Field "email" is listed more than once' },
    ]);
    expect(duplicateFields(['email', 'phone'])).toEqual([]);
  });

  it('refuses repeats and unknown fields instead of repairing them', () => {
    const paths = (body: unknown) => {
      const r = leadGenSettingsSchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => i.path);
    };
    expect(paths({ field_order: ['email', 'email'] })).toEqual([['field_order', 1]]);
    expect(paths({ field_settings: { shoe_size: 'never' } })).toEqual([['field_settings', 'shoe_size']]);
    expect(paths({ field_settings: JSON.parse('{"__proto__": "never"}') })).toEqual([['field_settings', '__proto__']]);
    expect(paths({ field_order: ['email'], field_settings: { email: 'critical' }, minimum_requirements: 'email' })).toEqual([]);
  });
});

describe('describeRequirements', () => {
  it('reads the expression in field labels, with parentheses only where AND holds an OR', () => {
    expect(describeRequirements(parseRequirements('first_name AND (email OR phone)'))).toBe('First Name and (Email or Phone)');
    expect(describeRequirements(parseRequirements('(first_name AND last_name) OR email'))).toBe('First Name and Last Name or Email');
    expect(describeRequirements(parseRequirements('email'))).toBe('Email');
  });
});
