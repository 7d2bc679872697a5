import type { Operation } from '@/lib/http/operation';
import { STRONG_PASSWORD, unique } from '../http';
import { byKey, callOp, opKey, operationDoc, sample, type Request_, type Staff } from './harness';

/** A new account of the school, for the user-administration calls that need a target. */
export async function targetUser(su: string, schoolId: number): Promise<string> {
  const res = await callOp(byKey('POST /auth/users'), { token: su }, { body: newUserBody(schoolId) });
  if (res.status !== 201) throw new Error(`target user: ${res.status} ${res.text}`);
  return String((res.json as { id: number }).id);
}

export function newUserBody(schoolId: number) {
  const name = unique('t');
  return { email: `${name}@lantern.test`, username: name, password: STRONG_PASSWORD, first_name: 'Target', last_name: 'User', role: 'user', school_id: schoolId };
}

/** Generates the school's public widget key and answers it. */
export async function widgetKey(admin: Staff): Promise<string> {
  const res = await callOp(byKey('POST /chatbot/generate-api-key'), { token: admin.token });
  if (res.status >= 300) throw new Error(`generate key: ${res.status} ${res.text}`);
  const current = await callOp(byKey('GET /chatbot/current-key'), { token: admin.token });
  return (current.json as { api_key: string }).api_key;
}

/** Path params, required query and a body generated from the operation's schema. */
export function plainRequest(op: Operation, ids: Record<string, string> = {}): Request_ {
  const doc = operationDoc(op);
  const params = Object.fromEntries(doc.parameters.filter((p) => p.in === 'path').map((p) => [p.name, ids[p.name] ?? '999999']));
  const query = Object.fromEntries(doc.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema, p.name))]));
  const schema = doc.requestBody?.content['application/json']?.schema;
  return { params, query, body: schema ? sample(schema) : undefined };
}

export { opKey };
