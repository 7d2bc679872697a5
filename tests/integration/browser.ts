import { createRequire } from 'node:module';
import { NextRequest } from 'next/server';
import * as nextAuthRoute from '@/app/api/auth/[...nextauth]/route';

/**
 * A browser for the staff web session: a cookie jar, next-auth's own route handler for sign-in and
 * sign-out, and a request scope for server code (`getStaffSession`, server actions, layouts).
 *
 * Outside a Next.js request, `next/headers` has no request to read. next-auth loads it with
 * `require`, so the test puts a stand-in into Node's module cache that answers from the current
 * request; test files that render our own server code also `vi.mock('next/headers', ...)` with
 * `requestHeaders` below.
 */
type Scope = { cookies: Map<string, string>; headers: Record<string, string> };
let current: Scope | null = null;

function scope(): Scope {
  if (!current) throw new Error('next/headers used outside Browser.run()');
  return current;
}

export const requestHeaders = {
  headers: async () => {
    const s = scope();
    const cookie = [...s.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    return new Headers({ host: 'localhost:3000', ...s.headers, ...(cookie ? { cookie } : {}) });
  },
  cookies: async () => {
    const s = scope();
    const all = [...s.cookies].map(([name, value]) => ({ name, value }));
    return { getAll: () => all, get: (name: string) => all.find((c) => c.name === name), has: (name: string) => s.cookies.has(name) };
  },
};

const require = createRequire(import.meta.url);
const headersPath = require.resolve('next/headers');
require.cache[headersPath] = { id: headersPath, filename: headersPath, loaded: true, exports: requestHeaders } as unknown as NodeJS.Module;

export class Browser {
  readonly cookies = new Map<string, string>();

  /** Runs server code as a request from this browser (its cookies, plus any extra headers). */
  async run<T>(fn: () => Promise<T>, headers: Record<string, string> = {}): Promise<T> {
    const previous = current;
    current = { cookies: this.cookies, headers };
    try {
      return await fn();
    } finally {
      current = previous;
    }
  }

  private async auth(method: 'GET' | 'POST', segments: string[], form?: Record<string, string>) {
    const url = `http://localhost:3000/api/auth/${segments.join('/')}`;
    const req = new NextRequest(url, {
      method,
      headers: form ? { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.20' } : {},
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const handler = method === 'GET' ? nextAuthRoute.GET : nextAuthRoute.POST;
    const res: Response = await this.run(() => handler(req, { params: Promise.resolve({ nextauth: segments }) }));
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      // Stored decoded, as Next.js's cookies() hands them over.
      const value = decodeURIComponent(pair!.slice(at + 1).trim());
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  private async csrf(): Promise<string> {
    const res = await this.auth('GET', ['csrf']);
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** Signs in through next-auth's Credentials provider, as the sign-in dialog does. */
  async signIn(email: string, password: string, selectedUserId?: number): Promise<void> {
    const csrfToken = await this.csrf();
    const res = await this.auth('POST', ['callback', 'credentials'], {
      csrfToken,
      email,
      password,
      selected_user_id: selectedUserId ? String(selectedUserId) : '',
      json: 'true',
    });
    const { url } = (await res.json()) as { url: string };
    if (new URL(url).searchParams.has('error')) throw new Error(`sign-in refused: ${url}`);
  }

  /** Signs out through next-auth, as the Logout button does. */
  async signOut(): Promise<void> {
    const csrfToken = await this.csrf();
    await this.auth('POST', ['signout'], { csrfToken, json: 'true' });
  }

  /** The session cookie as saved now, to be replayed later by another "browser". */
  saved(): Browser {
    const copy = new Browser();
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}
