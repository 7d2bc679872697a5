import fc from 'fast-check';
import type { Operation } from '@/lib/http/operation';
import { requestOf } from './fixtures';
import { callOp, operationDoc, opKey, type Answer, type Caller, type Request_ } from './harness';

/**
 * The property-based fuzzer: every operation is driven with values generated from its
 * JSON schema (/openapi.json) and then broken. The property: no 5xx, every 4xx in the FastAPI shape,
 * no stack trace or SQL in any answer.
 */

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };

const MB = 1024 * 1024;

/** Text that Postgres cannot store or that breaks naive code. */
const hostileText = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  "'; drop table users; --",
  '%00%ff',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u202e\u200b',
  '',
  ' ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
);
const hugeNumber = fc.constantFrom(-1, 0, -2147483649, 2147483648, 9007199254740993, 1e308, -1e308, 1.5, 1e-300, 99999999999999999999);
const notAnId = fc.constantFrom('abc', '-1', '0', '1.5', '1e3', '99999999999999999999', ' 1', '1 ', '0x10', 'null', '[]', '\u0000', '\ud800', 'NaN', 'Infinity', '١٢', '9'.repeat(400));
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hugeNumber,
  hostileText,
  fc.constant([]),
  fc.constant({}),
  fc.constant([1, 'two', null]),
  fc.constant({ nested: { deeper: [{}] } }),
  fc.constant('x'.repeat(MB)),
);

/** Values that fit a JSON schema (not always: a refine the schema cannot say is the handler's). */
export function arbitraryOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return fc.oneof(...alt.map((s) => arbitraryOf(s, depth + 1)));
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, arbitraryOf(s, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items, depth + 1), { maxLength: 3 });
    case 'integer':
      return fc.integer({ min: Number(schema.minimum ?? -10), max: Number(schema.maximum ?? 1000) });
    case 'number':
      return fc.double({ min: Number(schema.minimum ?? -10), max: Number(schema.maximum ?? 1000), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
      if (schema.format === 'date') return fc.constantFrom('2026-01-01', '2025-12-31');
      if (schema.format === 'date-time') return fc.constantFrom('2026-01-01T00:00:00Z');
      return fc.string({ minLength: Number(schema.minLength ?? 0), maxLength: Math.min(Number(schema.maxLength ?? 40), 40) });
    default:
      return anyJson;
  }
}

/** A mutation of a valid request: what a hostile or broken client sends. */
type Breakage =
  | { kind: 'valid' }
  | { kind: 'field'; field: number; value: unknown }
  | { kind: 'missing'; field: number }
  | { kind: 'extra'; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'param'; value: string }
  | { kind: 'query'; field: number; value: string }
  | { kind: 'form'; filename: string; bytes: string; field: string };

const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  fc.constant<Breakage>({ kind: 'valid' }),
  fc.record({ kind: fc.constant('field' as const), field: fc.nat(50), value: anyJson }),
  fc.record({ kind: fc.constant('missing' as const), field: fc.nat(50) }),
  fc.record({ kind: fc.constant('extra' as const), value: anyJson }),
  fc.record({ kind: fc.constant('body' as const), value: anyJson }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.constantFrom('{', '{"a":', 'not json', '', '\u0000', '[' .repeat(40) + ']'.repeat(40), '{"a":1}{"b":2}', '\ufeff{}', 'a=1&b=2', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n', '{"__proto__":{"admin":true}}', 'x'.repeat(MB + 10)),
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'multipart/form-data', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', ''),
  }),
  fc.record({ kind: fc.constant('param' as const), value: notAnId }),
  fc.record({
    kind: fc.constant('form' as const),
    filename: fc.oneof(hostileText, fc.constantFrom('a.csv', 'a.xlsx', 'a.png', 'a.txt', 'a.pdf', '.csv', 'x'.repeat(5000) + '.csv')),
    bytes: fc.oneof(hostileText, fc.constantFrom('First Name\nAnn', '\x89PNG\r\n\x1a\n', 'PK\x03\x04', '%PDF-1.4', '')),
    field: fc.oneof(hostileText, fc.constantFrom('[]', '{}', '[{"source_column":"x"}]', 'not json')),
  }),
  fc.record({ kind: fc.constant('query' as const), field: fc.nat(50), value: fc.oneof(notAnId, hostileText, fc.constant('x'.repeat(MB)), fc.constantFrom('2026-02-30', '-5', '1e9', 'true', 'desc;--')) }),
);

function applyBreakage(op: Operation, base: Request_, generatedBody: unknown, b: Breakage): Request_ {
  const req: Request_ = { params: { ...base.params }, query: { ...base.query }, body: generatedBody ?? base.body };
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? { ...(req.body as Record<string, unknown>) } : req.body;
  const doc = operationDoc(op);
  const schema = doc.requestBody?.content['application/json']?.schema;
  const names = Object.keys(schema?.properties ?? {});
  switch (b.kind) {
    case 'valid':
      break;
    case 'field':
      if (names.length && body && typeof body === 'object') (body as Record<string, unknown>)[names[b.field % names.length]!] = b.value;
      req.body = body;
      break;
    case 'missing':
      if (names.length && body && typeof body === 'object') delete (body as Record<string, unknown>)[names[b.field % names.length]!];
      req.body = body;
      break;
    case 'extra':
      req.body = { ...(body && typeof body === 'object' ? body : {}), unexpected_field: b.value };
      break;
    case 'body':
      req.body = b.value;
      break;
    case 'raw':
      req.body = undefined;
      req.rawBody = b.text;
      req.contentType = b.contentType || undefined;
      break;
    case 'form': {
      // A well-formed multipart form with hostile contents (only the multipart uploads read it).
      const form = new FormData();
      form.append(op.multipart?.fileField ?? 'file', new Blob([b.bytes]), b.filename);
      for (const name of Object.keys(op.multipart?.fields ?? { name: '' })) form.append(name, b.field);
      req.body = undefined;
      req.rawBody = form;
      req.contentType = undefined;
      break;
    }
    case 'param':
      for (const k of Object.keys(req.params ?? {})) req.params![k] = b.value;
      break;
    case 'query': {
      const q = doc.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      req.query![q.length ? q[b.field % q.length]! : 'unexpected'] = b.value;
      break;
    }
  }
  if (op.method === 'GET' && req.rawBody !== undefined) req.rawBody = undefined;
  return req;
}

const LEAK = /\n\s+at \S+ \(|node_modules\/|\.tsx?:\d+:\d+|SQLSTATE|syntax error at or near|violates (not-null|foreign key|unique|check) constraint|relation "[^"]+" does not exist|invalid input syntax for|PostgresError|DrizzleQueryError|Failed query:|ZodError|TypeError:|RangeError:/;

/** What is wrong with an answer, or null. */
export function judge(res: Answer): string | null {
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 300)}`;
  if (LEAK.test(res.text)) return `a stack trace or SQL in the answer: ${res.text.slice(0, 300)}`;
  if (res.status >= 400) {
    const detail = (res.json as { detail?: unknown } | null)?.detail;
    const fastApi =
      typeof detail === 'string' ||
      (Array.isArray(detail) && detail.length > 0 && detail.every((d) => d && Array.isArray(d.loc) && typeof d.msg === 'string' && typeof d.type === 'string'));
    if (!fastApi) return `${res.status} not in the FastAPI shape: ${res.text.slice(0, 300)}`;
  }
  return null;
}

export type FuzzResult = { cases: number; failures: { op: string; request: string; problem: string }[] };

/** Runs `runs` cases against one operation, with the caller its table row allows. */
export async function fuzzOperation(op: Operation, who: Caller, runs: number, seed: number, ids: Record<string, string> = {}): Promise<FuzzResult> {
  const doc = operationDoc(op);
  const schema = doc.requestBody?.content['application/json']?.schema;
  const base = requestOf(op, ids);
  const result: FuzzResult = { cases: 0, failures: [] };
  const property = fc.asyncProperty(schema ? arbitraryOf(schema) : fc.constant(undefined), breakage, async (body, b) => {
    const req = applyBreakage(op, base, body, b);
    result.cases++;
    const res = await callOp(op, who, req);
    const problem = judge(res);
    if (problem) {
      const shown = JSON.stringify({ breakage: b, body: req.body, params: req.params, query: req.query }, (_, v) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 50)}…(${v.length} chars)` : v));
      result.failures.push({ op: opKey(op), request: shown, problem });
    }
    return true;
  });
  await fc.assert(property, { numRuns: runs, seed, endOnFailure: true });
  return result;
}

/** The host the matrix's requests are addressed to (`callOp` builds them on http://localhost:3000). */
const HOST = 'localhost:3000';

/**
 * `Origin` and `Referer` values that name no site: a sandboxed frame or a cross-site redirect
 * (`null`), a page opened from disk (`file://`), a bare word, an empty or hostless value, an address
 * where an origin belongs. Each is sent with a `Host`, so a session check compares them.
 */
export const MALFORMED_ORIGIN_HEADERS: Record<string, string>[] = [
  { origin: 'null' },
  { origin: 'file://' },
  { origin: 'bareword' },
  { origin: '' },
  { origin: 'http://' },
  { origin: `http://${HOST}/dashboard` },
  { origin: 'null', 'sec-fetch-site': 'same-origin' },
  { referer: 'null' },
  { referer: 'file:///etc/passwd' },
  { referer: 'bareword' },
  { origin: 'file://', referer: `http://${HOST}/dashboard` },
];

/**
 * Every malformed Origin/Referer above, sent to one operation without credentials (where a staff
 * session would be read) and as `who` (unless `anonymousOnly`). The property: the answer passes
 * `judge` (so never a 5xx), and without credentials it is what the same call without Origin answers
 * (401 where a staff session is needed).
 */
export async function fuzzOriginHeaders(op: Operation, who: Caller, ids: Record<string, string> = {}, anonymousOnly = false): Promise<FuzzResult> {
  const base = requestOf(op, ids);
  const result: FuzzResult = { cases: 0, failures: [] };
  const missing = await callOp(op, {}, { ...base, headers: { host: HOST } });
  const callers: Caller[] = anonymousOnly ? [{}] : [{}, who];
  for (const extra of MALFORMED_ORIGIN_HEADERS) {
    for (const caller of callers) {
      const res = await callOp(op, caller, { ...base, headers: { host: HOST, ...extra } });
      result.cases++;
      const anonymous = !caller.token && !caller.apiKey;
      // A 429 is a limit per account or e-mail that the repeated call reached, not the header's doing.
      const problem = judge(res) ?? (anonymous && res.status !== missing.status && res.status !== 429 ? `${res.status}, where the same call without Origin answers ${missing.status}` : null);
      if (problem) result.failures.push({ op: opKey(op), request: JSON.stringify({ headers: extra, as: anonymous ? 'anonymous' : Object.keys(caller).join('+') }), problem });
    }
  }
  return result;
}
