import type { Metadata } from 'next';
import { connection } from 'next/server';
import { buildOpenApiDocument } from '@/lib/openapi/document';

export const metadata: Metadata = { title: 'Lantern API reference' };

type Op = {
  summary: string;
  tags: string[];
  security: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { type?: unknown; format?: string }>; required?: string[] } }> };
  responses: Record<string, { description: string }>;
};

const METHOD_COLOURS: Record<string, string> = {
  get: 'bg-sky-100 text-sky-900',
  post: 'bg-emerald-100 text-emerald-900',
  put: 'bg-amber-100 text-amber-900',
  patch: 'bg-violet-100 text-violet-900',
  delete: 'bg-red-100 text-red-900',
};

function typeOf(schema: { type?: unknown; anyOf?: { type?: unknown }[] } | undefined): string {
  if (!schema) return 'any';
  if (schema.type) return Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type);
  if (schema.anyOf) return schema.anyOf.map((s) => typeOf(s)).join(' | ');
  return 'any';
}

/** A readable rendering of /openapi.json, grouped by tag. */
export default async function ApiReferencePage() {
  // Rendered per request so its scripts carry this response's CSP nonce (proxy.ts).
  await connection();
  const doc = buildOpenApiDocument();
  const groups = new Map<string, { path: string; method: string; op: Op }[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Op;
      const tag = op.tags[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ path, method, op });
    }
  }
  return (
    <main className="mx-auto max-w-4xl px-6 py-10">
      <h1 className="text-3xl font-bold">{doc.info.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Version {doc.info.version}. {doc.info.description} Send <code>Authorization: Bearer &lt;access token&gt;</code> where a lock is shown. The
        machine-readable document is at <a className="text-brand-700 underline" href="/openapi.json">/openapi.json</a>.
      </p>
      {[...groups.entries()].map(([tag, ops]) => (
        <section key={tag} className="mt-10">
          <h2 className="text-xl font-semibold">{tag}</h2>
          <ul className="mt-4 space-y-4">
            {ops.map(({ path, method, op }) => {
              const [bodyType, bodyContent] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
              const body = bodyContent?.schema;
              return (
                <li key={`${method} ${path}`} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                  <p className="flex flex-wrap items-center gap-2 font-mono text-sm">
                    <span className={`rounded px-2 py-0.5 font-semibold uppercase ${METHOD_COLOURS[method] ?? ''}`}>{method}</span>
                    <span>{path}</span>
                    {op.security.length > 0 && <span title="Needs a bearer token">🔒</span>}
                  </p>
                  <p className="mt-2 text-sm">{op.summary}</p>
                  {op.parameters.length > 0 && (
                    <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                      Parameters: {op.parameters.map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join(', ')}
                    </p>
                  )}
                  {body?.properties && (
                    <table className="mt-2 w-full text-left text-sm">
                      <thead>
                        <tr className="text-slate-500">
                          <th className="py-1 font-medium">Body field ({bodyType})</th>
                          <th className="py-1 font-medium">Type</th>
                          <th className="py-1 font-medium">Required</th>
                        </tr>
                      </thead>
                      <tbody>
                        {Object.entries(body.properties).map(([name, schema]) => (
                          <tr key={name} className="border-t border-slate-100 dark:border-slate-800">
                            <td className="py-1 font-mono">{name}</td>
                            <td className="py-1">{(schema as { format?: string }).format === 'binary' ? 'file' : typeOf(schema as never)}</td>
                            <td className="py-1">{(body.required ?? []).includes(name) ? 'yes' : 'no'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                  <p className="mt-2 text-xs text-slate-500">
                    Answers: {Object.entries(op.responses).map(([status, r]) => `${status} ${r.description}`).join(' · ')}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </main>
  );
}
