// Browser-side calls to the REST API. No server imports: used by client components.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The `detail` of an error answer as one readable line (validation lists are joined). */
export function detailText(body: unknown): string | null {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const msgs = detail.map((d) => (d as { msg?: string }).msg).filter(Boolean);
    return msgs.length ? msgs.join('. ') : null;
  }
  return null;
}

/** POST/GET JSON; throws ApiError with the server's detail, or `fallback` when there is none. */
export async function apiJson<T>(path: string, opts: { method?: string; body?: unknown; fallback?: string } = {}): Promise<T> {
  const res = await fetch(path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: opts.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) throw new ApiError(res.status, detailText(json) ?? opts.fallback ?? 'An error occurred');
  return json as T;
}
