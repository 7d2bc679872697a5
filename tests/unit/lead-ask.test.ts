import { describe, expect, it } from 'vitest';
import type { AskLevel } from '@/db/schema/leads';
import { ASK_LIMITS, fieldQuestion, leadGenInstructions, nextFieldToAsk, timesAsked, type LeadGenPromptSettings } from '@/lib/leads/ask';
import { askedField, type ChatMessage } from '@/lib/leads/extract';
import { LEAD_FIELD_KEYS, type LeadData, type LeadFieldKey } from '@/lib/leads/fields';

const user = (content: string): ChatMessage => ({ role: 'user', content });
const bot = (content: string): ChatMessage => ({ role: 'assistant', content });
/** An assistant answer that ends with the built-in question for `field`. */
const asking = (field: LeadFieldKey) => bot(`Here is some information about that. ${fieldQuestion(field)}`);

describe('ASK_LIMITS', () => {
  it('allows each level its number of asks', () => {
    expect(ASK_LIMITS).toEqual({ critical: Infinity, ask_thrice: 3, ask_twice: 2, ask_once: 1, natural: 0, never: 0 });
  });
});

describe('fieldQuestion', () => {
  it('has a short question for every field that askedField recognises', () => {
    for (const field of LEAD_FIELD_KEYS) {
      const q = fieldQuestion(field);
      expect(q, field).toMatch(/\?$/);
      expect(q.length, field).toBeLessThan(120);
      expect(askedField(q), q).toBe(field);
      // Also at the end of a longer answer, as the local model sends it.
      expect(askedField(`Tuition is $30,000 a year. ${q}`), q).toBe(field);
    }
  });

  it('uses the wording of the spec for the main fields', () => {
    expect(fieldQuestion('first_name')).toBe("By the way, what's your first name?");
    expect(fieldQuestion('email')).toBe("What's the best e-mail address to send you more information?");
    expect(fieldQuestion('phone')).toBe('Is there a phone number where an admissions counsellor can reach you?');
    expect(fieldQuestion('graduation_year')).toBe('What year do you (or will you) graduate from high school?');
  });
});

describe('timesAsked', () => {
  it('counts the assistant messages that asked the field', () => {
    const history = [user('hi'), asking('first_name'), user('what about tuition?'), asking('email'), user('and housing?'), asking('first_name')];
    expect(timesAsked(history, 'first_name')).toBe(2);
    expect(timesAsked(history, 'email')).toBe(1);
    expect(timesAsked(history, 'phone')).toBe(0);
    // The visitor saying the words does not count.
    expect(timesAsked([user("what's your first name?")], 'first_name')).toBe(0);
  });
});

describe('nextFieldToAsk', () => {
  const settings = (levels: Partial<Record<LeadFieldKey, AskLevel>>) => ({
    fieldOrder: Object.keys(levels) as LeadFieldKey[],
    fieldSettings: levels as Record<string, AskLevel>,
  });
  const next = (levels: Partial<Record<LeadFieldKey, AskLevel>>, history: ChatMessage[] = [], captured: LeadData = {}) =>
    nextFieldToAsk({ ...settings(levels), captured, history });

  it('asks the first askable field in order', () => {
    expect(next({ first_name: 'ask_twice', email: 'ask_twice' })).toBe('first_name');
    expect(next({ email: 'ask_once', first_name: 'ask_twice' })).toBe('email');
  });

  it('never asks never or natural fields', () => {
    expect(next({ graduation_year: 'natural', intended_major: 'never' })).toBeNull();
    expect(next({ graduation_year: 'natural', email: 'ask_once' })).toBe('email');
  });

  it('skips captured fields, but not empty values', () => {
    expect(next({ first_name: 'ask_twice', email: 'ask_twice' }, [], { first_name: 'Jo' })).toBe('email');
    expect(next({ first_name: 'ask_twice', email: 'ask_twice' }, [], { first_name: '  ' })).toBe('first_name');
    expect(next({ opt_in_sms: 'ask_once' }, [], { opt_in_sms: false })).toBeNull();
  });

  it('stops after the level allows', () => {
    const levels = { first_name: 'ask_once', email: 'ask_twice' } as const;
    expect(next(levels, [asking('first_name'), user('tuition?'), bot('Sure.'), user('and housing?')])).toBe('email');
    expect(next(levels, [asking('first_name'), user('a'), bot('Sure.'), user('b'), asking('email'), user('c'), bot('Sure.'), user('d'), asking('email'), user('e'), bot('Sure.'), user('f')])).toBeNull();
    const thrice = { phone: 'ask_thrice' } as const;
    const h = [asking('phone'), user('a'), bot('ok'), user('b'), asking('phone'), user('c'), bot('ok'), user('d')];
    expect(next(thrice, h)).toBe('phone');
    expect(next(thrice, [...h, asking('phone'), user('e'), bot('ok'), user('f')])).toBeNull();
  });

  it('does not ask the same field two turns in a row unless it is critical', () => {
    expect(next({ email: 'ask_thrice' }, [asking('email'), user('what about housing?')])).toBeNull();
    expect(next({ email: 'critical' }, [asking('email'), user('what about housing?')])).toBe('email');
  });

  it('keeps asking a critical field without limit', () => {
    const history = Array.from({ length: 10 }, () => [asking('email'), user('hmm')]).flat();
    expect(next({ email: 'critical' }, history)).toBe('email');
  });

  it('takes a breather after an ignored question, except for critical fields', () => {
    const levels = { first_name: 'ask_twice', last_name: 'ask_once', email: 'ask_twice' } as const;
    const history = [asking('first_name'), user('tuition?')];
    // No last name asked right after the first name went unanswered.
    expect(next(levels, history)).toBeNull();
    expect(next({ ...levels, email: 'critical' }, history)).toBe('email');
    // An answered question is not an ignored one.
    expect(next(levels, history, { first_name: 'Jo' })).toBe('last_name');
    // After the breather the first name is asked once more.
    expect(next(levels, [...history, bot('Tuition is $1.'), user('ok')])).toBe('first_name');
  });

  it('asks phone_type only once there is a phone number', () => {
    expect(next({ phone_type: 'ask_once', email: 'ask_once' })).toBe('email');
    expect(next({ phone_type: 'ask_once' }, [], { phone: '+15035550123' })).toBe('phone_type');
  });

  it('ignores unknown fields and missing settings', () => {
    expect(nextFieldToAsk({ fieldOrder: ['shoe_size', 'email', 'phone'], fieldSettings: { shoe_size: 'critical', phone: 'ask_once' }, captured: {}, history: [] })).toBe('phone');
  });
});

describe('leadGenInstructions', () => {
  const base: LeadGenPromptSettings = {
    collection_mode: 'conversational',
    field_order: ['email', 'first_name', 'phone', 'last_name', 'graduation_year', 'gpa', 'intended_major', 'state_province'],
    field_settings: {
      first_name: 'ask_twice',
      email: 'critical',
      phone: 'ask_once',
      last_name: 'ask_thrice',
      graduation_year: 'natural',
      gpa: 'never',
      intended_major: 'natural',
      state_province: 'ask_once',
    },
    collection_instructions: 'Be warm; mention our open days.',
    smart_card_instructions: 'Share a few details and we will be in touch.',
  };

  it('lists the fields by level, strongest first, in priority order within a level', () => {
    const text = leadGenInstructions(base);
    expect(text).toContain("The school's instructions: Be warm; mention our open days.");
    expect(text).toContain('- Ask politely, and keep asking politely in later replies until given: Email');
    expect(text).toContain('- Ask up to three times in the conversation: Last Name');
    expect(text).toContain('- Ask up to two times in the conversation: First Name');
    expect(text).toContain('- Ask once; if the visitor does not answer, do not ask again: Phone, State/Province');
    expect(text).toContain('- Only if it comes up naturally; do not ask directly: Graduation Year, Intended Major');
    expect(text).toMatch(/at most one detail per reply/);
    expect(text).toMatch(/answer the visitor's question first/i);
    expect(text).not.toContain('GPA');
    const order = ['Ask politely', 'three times', 'two times', 'Ask once', 'naturally'].map((s) => text.indexOf(s));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('lists the captured fields so they are not asked again', () => {
    const text = leadGenInstructions(base, { email: 'jo@example.com', first_name: 'Jo', gpa: 3.5 });
    expect(text).toContain('Already given (do not ask again): Email, First Name.');
    expect(text).not.toMatch(/until given: Email/);
    expect(text).not.toContain('Jo@');
  });

  it('says when everything is known', () => {
    const text = leadGenInstructions({ ...base, field_order: ['email'], field_settings: { email: 'ask_once' } }, { email: 'a@b.co' });
    expect(text).toContain('do not ask for more');
  });

  it('leaves out empty school instructions', () => {
    expect(leadGenInstructions({ ...base, collection_instructions: '  ' })).not.toContain("The school's instructions");
  });

  it('tells the model about the quick info card in smart-card mode', () => {
    const text = leadGenInstructions({ ...base, collection_mode: 'smart_card' });
    expect(text).toMatch(/quick info card/);
    expect(text).toMatch(/Do not ask for these details in the chat/);
    expect(text).toContain('Share a few details and we will be in touch.');
    expect(text).toContain('Email, First Name, Phone, Last Name, Graduation Year, Intended Major, State/Province');
    expect(text).not.toContain('at most one detail');
  });
});
