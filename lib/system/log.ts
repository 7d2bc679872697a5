// Log lines are one event each. A value that came from outside (a visitor's name, a question, an
// error message that quotes input) is written escaped, so a line break or a bidirectional control in
// it cannot start a forged line or hide part of one.

const UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The value as one line: backslashes, controls and bidirectional marks as escapes. */
export function logValue(value: unknown): string {
  return String(value).replace(UNSAFE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * What an error says, without the values a failed query was given: the database driver's message
 * quotes its parameters ("Failed query: … params: …"), which may be a visitor's e-mail or words, and
 * an error text is kept (job and task records, the log) where an erasure would not find it. The
 * database's own reason (the cause) is kept.
 */
export function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const message = (err.message || err.name).replace(/\nparams: [\s\S]*$/, '');
  const cause = err.cause instanceof Error && err.cause.message && !message.includes(err.cause.message) ? `: ${err.cause.message}` : '';
  return message + cause;
}

/** An error as one line: its message (without a query's values), and its stack's frames, escaped. */
export function logError(err: unknown): string {
  if (err instanceof Error) {
    const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
    return logValue([`${err.name}: ${errorText(err)}`, ...frames].join('\n'));
  }
  return logValue(err);
}
