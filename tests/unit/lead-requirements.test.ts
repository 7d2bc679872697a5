import { describe, expect, it } from 'vitest';
import { REQUIREMENT_TEMPLATES, type LeadData } from '@/lib/leads/fields';
import {
  checkRequirements,
  hasLeadValue,
  missingForRequirements,
  missingRequirementsMessage,
  parseRequirements,
  RequirementError,
  requirementFields,
  requirementsMet,
} from '@/lib/leads/requirements';

function errorOf(expr: string): string {
  try {
    parseRequirements(expr);
  } catch (err) {
    expect(err).toBeInstanceOf(RequirementError);
    return (err as Error).message;
  }
  throw new Error(`expected "${expr}" to be rejected`);
}

const met = (expr: string, data: LeadData) => requirementsMet(parseRequirements(expr), data);

describe('parseRequirements', () => {
  it('parses a single field and the AND/OR tree, AND binding tighter than OR', () => {
    expect(parseRequirements('email')).toEqual({ type: 'field', field: 'email' });
    expect(parseRequirements('first_name AND email OR phone')).toEqual({
      type: 'or',
      children: [
        { type: 'and', children: [{ type: 'field', field: 'first_name' }, { type: 'field', field: 'email' }] },
        { type: 'field', field: 'phone' },
      ],
    });
    expect(parseRequirements('first_name AND (email OR phone)')).toEqual({
      type: 'and',
      children: [{ type: 'field', field: 'first_name' }, { type: 'or', children: [{ type: 'field', field: 'email' }, { type: 'field', field: 'phone' }] }],
    });
  });

  it('accepts every template', () => {
    for (const t of REQUIREMENT_TEMPLATES) expect(checkRequirements(t.expression), t.label).toBeNull();
  });

  it('takes keywords in any case and whitespace freely', () => {
    expect(parseRequirements('first_name and (email or phone)')).toEqual(parseRequirements('first_name AND (email OR phone)'));
    expect(parseRequirements('  first_name\tAnD\n(  email Or phone )  ')).toEqual(parseRequirements('first_name AND (email OR phone)'));
    expect(parseRequirements('(email)OR(phone)')).toEqual(parseRequirements('email OR phone'));
  });

  it('flattens chains and redundant parentheses', () => {
    expect(parseRequirements('first_name AND (last_name AND email)')).toEqual({
      type: 'and',
      children: [{ type: 'field', field: 'first_name' }, { type: 'field', field: 'last_name' }, { type: 'field', field: 'email' }],
    });
    expect(parseRequirements('((((email))))')).toEqual({ type: 'field', field: 'email' });
  });

  it('parses nested parentheses', () => {
    const expr = '((first_name AND last_name) OR preferred_name) AND (email OR (phone AND phone_type))';
    expect(checkRequirements(expr)).toBeNull();
    expect(requirementFields(parseRequirements(expr))).toEqual(['first_name', 'last_name', 'preferred_name', 'email', 'phone', 'phone_type']);
  });

  it('rejects unknown fields, including object-prototype names', () => {
    expect(errorOf('nmae AND email')).toMatch(/^Unknown field "nmae"/);
    expect(errorOf('first_name AND constructor')).toMatch(/^Unknown field "constructor"/);
    expect(errorOf('__proto__')).toMatch(/^Unknown field "__proto__"/);
    expect(errorOf('toString OR email')).toMatch(/^Unknown field "toString"/);
    expect(errorOf('hasOwnProperty')).toMatch(/^Unknown field "hasOwnProperty"/);
  });

  it('hints at a near miss', () => {
    expect(errorOf('First_Name AND email')).toBe('Unknown field "First_Name" (did you mean "first_name"?)');
    expect(errorOf('emial')).toBe('Unknown field "emial" (did you mean "email"?)');
  });

  it('rejects dangling operators', () => {
    expect(errorOf('first_name AND')).toBe('Expected a field name after AND');
    expect(errorOf('first_name OR')).toBe('Expected a field name after OR');
    expect(errorOf('first_name AND OR email')).toBe('Expected a field name after AND');
    expect(errorOf('AND email')).toMatch(/^Expected a field name at the start/);
    expect(errorOf('(email OR)')).toBe('Expected a field name after OR');
  });

  it('rejects unbalanced and empty parentheses', () => {
    expect(errorOf('first_name AND (email OR phone')).toBe('Missing closing parenthesis');
    expect(errorOf('((email)')).toBe('Missing closing parenthesis');
    expect(errorOf('first_name AND email)')).toMatch(/^Unexpected closing parenthesis/);
    expect(errorOf(')email(')).toMatch(/^Expected a field name at the start/);
    expect(errorOf('first_name AND ()')).toMatch(/^Empty parentheses/);
  });

  it('rejects an empty expression', () => {
    expect(errorOf('')).toBe('The expression is empty');
    expect(errorOf('   \n ')).toBe('The expression is empty');
  });

  it('rejects stray characters and missing operators', () => {
    expect(errorOf('first_name && email')).toBe('Unexpected character "&" at position 12; use field names, AND, OR and parentheses');
    expect(errorOf('first_name || email')).toMatch(/^Unexpected character "\|"/);
    expect(errorOf('"email"')).toMatch(/^Unexpected character """/);
    expect(errorOf('email; phone')).toMatch(/^Unexpected character ";"/);
    expect(errorOf('first_name email')).toBe('Expected AND or OR between "first_name" and "email"');
    expect(errorOf('(email) (phone)')).toMatch(/^Expected AND or OR between/);
    expect(errorOf('NOT email')).toBe('NOT is not supported; use only AND, OR and parentheses');
    expect(errorOf('2email')).toMatch(/^Unexpected character "2"/);
  });

  it('caps length and nesting depth', () => {
    expect(errorOf(Array(60).fill('email').join(' OR '))).toBe('The expression is too long (at most 500 characters)');
    const deep = (n: number) => `${'('.repeat(n)}email${')'.repeat(n)}`;
    expect(checkRequirements(deep(20))).toBeNull();
    expect(errorOf(deep(21))).toBe('The expression is nested too deeply (at most 20 levels of parentheses)');
    // Depth is measured, not the count of parentheses: many flat groups are fine.
    expect(checkRequirements(Array(20).fill('(email OR phone)').join(' AND '))).toBeNull();
  });

  it('checkRequirements answers the message or null', () => {
    expect(checkRequirements('first_name AND email')).toBeNull();
    expect(checkRequirements('first_name AND')).toBe('Expected a field name after AND');
  });
});

describe('requirementsMet', () => {
  it('follows the truth table of AND and OR', () => {
    const expr = 'first_name AND (email OR phone)';
    const rows: [LeadData, boolean][] = [
      [{}, false],
      [{ first_name: 'Jo' }, false],
      [{ email: 'jo@example.com' }, false],
      [{ first_name: 'Jo', email: 'jo@example.com' }, true],
      [{ first_name: 'Jo', phone: '+15035550123' }, true],
      [{ first_name: 'Jo', email: 'jo@example.com', phone: '+15035550123' }, true],
      [{ email: 'jo@example.com', phone: '+15035550123' }, false],
    ];
    for (const [data, expected] of rows) expect(met(expr, data), JSON.stringify(data)).toBe(expected);
  });

  it('evaluates precedence without parentheses as (a AND b) OR c', () => {
    expect(met('first_name AND email OR phone', { phone: '+15035550123' })).toBe(true);
    expect(met('first_name AND email OR phone', { first_name: 'Jo' })).toBe(false);
    expect(met('first_name AND (email OR phone)', { phone: '+15035550123' })).toBe(false);
  });

  it('evaluates the nested example', () => {
    const expr = '((first_name AND last_name) OR preferred_name) AND (email OR (phone AND phone_type))';
    expect(met(expr, { preferred_name: 'JJ', email: 'a@b.co' })).toBe(true);
    expect(met(expr, { first_name: 'Jo', last_name: 'Li', phone: '+15035550123', phone_type: 'mobile' })).toBe(true);
    expect(met(expr, { first_name: 'Jo', phone: '+15035550123', phone_type: 'mobile' })).toBe(false);
    expect(met(expr, { first_name: 'Jo', last_name: 'Li', phone: '+15035550123' })).toBe(false);
  });

  it('counts only non-empty values as present', () => {
    expect(met('email', { email: '   ' })).toBe(false);
    expect(met('intended_major', { intended_major: [] })).toBe(false);
    expect(met('intended_major', { intended_major: [''] })).toBe(false);
    expect(met('intended_major', { intended_major: ['Nursing'] })).toBe(true);
    expect(met('graduation_year', { graduation_year: 0 })).toBe(true);
    expect(met('gpa', { gpa: Number.NaN })).toBe(false);
    expect(met('opt_in_sms', { opt_in_sms: false })).toBe(true);
    expect(met('opt_in_sms', { opt_in_sms: true })).toBe(true);
    expect(hasLeadValue(undefined)).toBe(false);
    expect(hasLeadValue(null)).toBe(false);
  });

  it('ignores inherited properties of the data object', () => {
    const data = Object.create({ email: 'inherited@example.com' }) as LeadData;
    expect(met('email', data)).toBe(false);
  });
});

describe('missingForRequirements', () => {
  const missing = (expr: string, data: LeadData) => missingForRequirements(parseRequirements(expr), data);

  it('lists nothing when the expression is met', () => {
    expect(missing('first_name AND email', { first_name: 'Jo', email: 'a@b.co' })).toEqual([]);
  });

  it('takes the first alternative of an OR when none is satisfied', () => {
    expect(missing('first_name AND (email OR phone)', {})).toEqual(['first_name', 'email']);
    expect(missing('first_name AND (email OR phone)', { email: 'a@b.co' })).toEqual(['first_name']);
    expect(missing('first_name AND last_name AND (email OR phone)', { last_name: 'Li' })).toEqual(['first_name', 'email']);
  });

  it('prefers the alternative that needs fewer new fields', () => {
    const expr = '((first_name AND last_name) OR preferred_name) AND (email OR (phone AND phone_type))';
    expect(missing(expr, {})).toEqual(['preferred_name', 'email']);
    expect(missing(expr, { first_name: 'Jo', phone: '+15035550123' })).toEqual(['last_name', 'email']);
    expect(missing(expr, { first_name: 'Jo', last_name: 'Li', phone: '+15035550123' })).toEqual(['email']);
  });

  it('does not repeat a field', () => {
    expect(missing('(email AND phone) OR (email AND phone)', {})).toEqual(['email', 'phone']);
    expect(missing('email AND (email OR phone)', {})).toEqual(['email']);
  });

  it('words the message with the field labels', () => {
    const node = parseRequirements('first_name AND (email OR phone)');
    expect(missingRequirementsMessage(node, {})).toBe('Please provide: First Name, Email');
    expect(missingRequirementsMessage(node, { first_name: 'Jo', phone: '+15035550123' })).toBeNull();
  });
});

describe('requirementFields', () => {
  it('lists each field once in order of appearance', () => {
    expect(requirementFields(parseRequirements('email OR (first_name AND email) OR phone'))).toEqual(['email', 'first_name', 'phone']);
    expect(requirementFields(parseRequirements('email'))).toEqual(['email']);
  });
});
