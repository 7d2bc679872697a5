// Log lines are one event each. A value that came from outside (a visitor's name, a question, an
// error message that quotes input) is written escaped, so a line break or a bidirectional control in
// it cannot start a forged line or hide part of one.

const UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The value as one line: backslashes, controls and bidirectional marks as escapes. */
export function logValue(value: unknown): string {
  return String(value).replace(UNSAFE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An error as one line: its message, and its stack's frames, escaped. */
export function logError(err: unknown): string {
  if (err instanceof Error) return logValue(err.stack ?? `${err.name}: ${err.message}`);
  return logValue(err);
}
