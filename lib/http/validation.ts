import type { z } from 'zod';
import { validationError, type ValidationIssue } from './errors';

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** Maps zod issues to FastAPI's `{loc, msg, type}` so callers of the documented API see familiar shapes. */
export function toValidationIssues(error: z.ZodError, where: string, input: unknown): ValidationIssue[] {
  return error.issues.map((issue) => {
    const loc = [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
      return { loc, msg: 'Field required', type: 'missing' };
    }
    const type =
      issue.code === 'invalid_type'
        ? `${issue.expected}_type`
        : issue.code === 'too_big'
          ? `${issue.origin === 'string' ? 'string' : 'value'}_too_long`
          : issue.code === 'too_small'
            ? `${issue.origin === 'string' ? 'string' : 'value'}_too_short`
            : issue.code === 'invalid_format'
              ? 'value_error'
              : issue.code;
    return { loc, msg: issue.message, type };
  });
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(toValidationIssues(result.error, where, input));
  return result.data;
}
