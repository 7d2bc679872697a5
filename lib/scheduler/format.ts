// Display rules of the Scheduler Dashboard. No server imports.
import cronstrue from 'cronstrue';

export const TEXT_LIMIT = 50;
export const MAX_SCHOOL_RESULTS = 3;

/** Under a minute: seconds with one decimal; otherwise minutes with one decimal; missing: 'N/A'. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return 'N/A';
  return seconds < 60 ? `${seconds.toFixed(1)}s` : `${(seconds / 60).toFixed(1)}m`;
}

/** A date in local time and in UTC; a missing date reads 'Never'. */
export function formatDate(iso: string | null | undefined, timeZone?: string): { local: string; utc: string } | 'Never' {
  if (!iso) return 'Never';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Never';
  const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' };
  return {
    local: d.toLocaleString(undefined, timeZone ? { ...opts, timeZone } : opts),
    utc: `${d.toLocaleString('en-GB', { ...opts, timeZone: 'UTC' })} UTC`,
  };
}

/** Badge tone of a success rate: 90 or more success, 70 or more warning, below that danger. */
export function successRateTone(rate: number): 'success' | 'warning' | 'danger' {
  return rate >= 90 ? 'success' : rate >= 70 ? 'warning' : 'danger';
}

export function truncate(text: string, limit = TEXT_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** The text shown for an execution's error: 'Error: ' plus the first 50 characters. */
export function errorText(message: string): string {
  return `Error: ${truncate(message)}`;
}

export type ParsedResult = { kind: 'json'; value: Record<string, unknown> } | { kind: 'text'; value: string } | { kind: 'none' };

export function parseResult(summary: string | null | undefined): ParsedResult {
  if (!summary) return { kind: 'none' };
  try {
    const value = JSON.parse(summary);
    if (value && typeof value === 'object' && !Array.isArray(value)) return { kind: 'json', value };
  } catch {
    // not JSON: shown as raw text
  }
  return { kind: 'text', value: summary };
}

export type SchoolResult = { school_id: number | string; processed: number; failed: number };

/** The conversation-turn analysis summary, recognised by its fields. */
export function isTurnAnalysisSummary(v: Record<string, unknown>): v is {
  schools_processed: number;
  total_schools_found: number;
  total_messages_processed: number;
  total_messages_failed: number;
  processing_rate_msgs_per_sec: number;
  school_results: SchoolResult[];
} {
  return 'schools_processed' in v && 'total_messages_processed' in v && Array.isArray(v.school_results);
}

/** At most three school results, then 'and N more'. */
export function schoolResultLines(results: SchoolResult[]): { lines: string[]; more: string | null } {
  const lines = results.slice(0, MAX_SCHOOL_RESULTS).map((r) => `School ${r.school_id}: ${r.processed} processed, ${r.failed} failed`);
  const rest = results.length - MAX_SCHOOL_RESULTS;
  return { lines, more: rest > 0 ? `and ${rest} more` : null };
}

/** A one-line summary for the history table. */
export function resultSnippet(summary: string | null | undefined): string {
  const parsed = parseResult(summary);
  if (parsed.kind === 'none') return '—';
  if (parsed.kind === 'text') return truncate(parsed.value);
  const v = parsed.value;
  if (isTurnAnalysisSummary(v)) return truncate(`${v.schools_processed} schools, ${v.total_messages_processed} messages processed, ${v.total_messages_failed} failed`);
  const parts = Object.entries(v)
    .filter(([, x]) => x === null || typeof x !== 'object')
    .map(([k, x]) => `${k.replace(/_/g, ' ')}: ${String(x)}`);
  return truncate(parts.join(', ') || 'details');
}

const DAILY = /^\d{1,2} \d{1,2} \* \* \*$/;

/**
 * A cron schedule in words ('Every 5 minutes', 'Every day at 03:00'), 24-hour clock as the
 * tasks' schedules run in UTC. Anything cronstrue cannot read is shown as written.
 */
export function describeSchedule(expression: string): string {
  const cron = expression.trim().replace(/\s+/g, ' ');
  try {
    const text = cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false, throwExceptionOnParseError: true });
    // cronstrue says 'At 03:00' for a daily time; people read 'Every day at 03:00' more easily.
    return DAILY.test(cron) ? text.replace(/^At /, 'Every day at ') : text;
  } catch {
    return expression;
  }
}

export function labelOf(key: string): string {
  return key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
