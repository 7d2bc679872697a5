import { describe, expect, it } from 'vitest';
import { errorText, logError } from '@/lib/system/log';

// A failed query's error quotes the values it was given; what is kept of an error (job and task
// records, the server log) must not hold a visitor's details that an erasure would then miss.

describe('errorText and logError', () => {
  const failed = Object.assign(new Error('Failed query: select id from leads where lower(email) in ($1)\nparams: maria.lopez@example.com'), {
    cause: new Error('the database went away'),
  });

  it("keeps the query and the database's reason, and drops the values", () => {
    expect(errorText(failed)).toBe('Failed query: select id from leads where lower(email) in ($1): the database went away');
    expect(logError(failed)).not.toContain('maria.lopez');
    expect(logError(failed)).toContain('the database went away');
  });

  it('leaves other errors as they are, one line', () => {
    expect(errorText(new Error('SMTP refused'))).toBe('SMTP refused');
    expect(errorText('plain')).toBe('plain');
    expect(logError(new Error('two\nlines'))).not.toContain('\n');
  });
});
