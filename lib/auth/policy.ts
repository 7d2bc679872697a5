import 'server-only';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './schema';

export type PasswordStrength = {
  score: number;
  label: string;
  color: string;
  details: {
    length: number;
    has_uppercase: boolean;
    has_lowercase: boolean;
    has_number: boolean;
    has_special: boolean;
    is_common: boolean;
    crack_time_display: string;
  };
  suggestions: string[];
};

export type PasswordCheck = { is_valid: boolean; errors: string[]; strength: PasswordStrength };

let factory: ZxcvbnFactory | undefined;
let commonSet: Set<string> | undefined;

function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory;
}

function commonPasswords(): Set<string> {
  commonSet ??= new Set(common.dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonSet;
}

/** Common if the password, or its stem without trailing digits and symbols ('Password1234!'), is a known leaked password. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const set = commonPasswords();
  if (set.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return stem.length >= 4 && stem !== lower && set.has(stem);
}

const LABELS = [
  { label: 'Very Weak', color: '#dc2626' },
  { label: 'Weak', color: '#ea580c' },
  { label: 'Fair', color: '#ca8a04' },
  { label: 'Strong', color: '#16a34a' },
  { label: 'Very Strong', color: '#15803d' },
];

/**
 * The password policy (12 characters or more, an uppercase and a lowercase letter, a number, not a
 * common password), with zxcvbn for strength and suggestions.
 */
export function checkPassword(password: string, context: { username?: string | null; email?: string | null } = {}): PasswordCheck {
  const errors: string[] = [];
  const details = {
    length: password.length,
    has_uppercase: /\p{Lu}/u.test(password),
    has_lowercase: /\p{Ll}/u.test(password),
    has_number: /\d/.test(password),
    has_special: /[^\p{L}\d]/u.test(password),
    is_common: isCommonPassword(password),
    crack_time_display: '',
  };
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  if (password.length > PASSWORD_MAX_LENGTH) errors.push(`Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);
  if (!details.has_uppercase) errors.push('Password must contain at least one uppercase letter');
  if (!details.has_lowercase) errors.push('Password must contain at least one lowercase letter');
  if (!details.has_number) errors.push('Password must contain at least one number');
  if (details.is_common) errors.push('Password is too common. Please choose a less predictable password');

  const lower = password.toLowerCase();
  const username = context.username?.trim().toLowerCase();
  const emailName = context.email?.split('@')[0]?.trim().toLowerCase();
  if (username && username.length >= 3 && lower.includes(username)) errors.push('Password must not contain your username');
  else if (emailName && emailName.length >= 3 && lower.includes(emailName)) errors.push('Password must not contain your e-mail name');

  const inputs = [username, emailName].filter((v): v is string => !!v);
  // zxcvbn is costly on very long input and its estimate saturates well before 128 characters.
  const result: ZxcvbnResult = zxcvbn().check(password.slice(0, 100), inputs);
  let score = result.score as number;
  if (errors.length > 0) score = Math.min(score, 1);
  details.crack_time_display = String(result.crackTimes?.offlineSlowHashingXPerSecond?.display ?? '');

  const suggestions = [...result.feedback.suggestions];
  if (result.feedback.warning) suggestions.unshift(result.feedback.warning);
  if (!details.has_special && password.length > 0) suggestions.push('Add a symbol to make the password harder to guess');

  const { label, color } = LABELS[score]!;
  return {
    is_valid: errors.length === 0,
    errors,
    strength: { score: score * 25, label, color, details, suggestions: [...new Set(suggestions)] },
  };
}
