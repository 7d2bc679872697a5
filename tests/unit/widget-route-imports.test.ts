import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A visitor's call loads nothing of staff sign-in: the modules a widget route can load (static
// imports and dynamic import(), type-only imports left out since they are erased) never reach the
// staff session, the bearer principal, next-auth or the staff REST and action frames.
const root = path.resolve(__dirname, '../..');
const STAFF = ['lib/auth/web-session.ts', 'lib/auth/principal.ts', 'lib/http/route.ts', 'lib/http/action.ts', 'auth.ts'];

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return spec === 'next-auth' || spec.startsWith('next-auth/') ? 'next-auth' : null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** Every module the file can load, with the chain that reaches it. */
function reachable(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (file === 'next-auth') continue;
    const src = fs.readFileSync(file, 'utf8');
    const specs = [
      ...[...src.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
      ...[...src.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
      ...[...src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!),
    ];
    for (const spec of specs) {
      const target = resolve(file, spec);
      if (target && !seen.has(target)) {
        seen.set(target, [...seen.get(file)!, target]);
        queue.push(target);
      }
    }
  }
  return seen;
}

describe('widget routes', () => {
  const routes = ['app/(rest)/api/widget/chat/route.ts', 'app/(rest)/api/widget/chat/stream/route.ts', 'app/(rest)/api/widget/config/route.ts', 'app/(rest)/api/widget/live/messages/route.ts'];
  it.each(routes)('%s loads nothing of staff sign-in', (route) => {
    const graph = reachable(path.join(root, route));
    const staff = [...graph.entries()].filter(([f]) => STAFF.some((s) => f === path.join(root, s) || f === s));
    expect(staff.map(([, chain]) => chain.map((f) => path.relative(root, f)).join(' -> '))).toEqual([]);
  });

  it('the walk finds staff sign-in where it is loaded (a staff route)', () => {
    const graph = reachable(path.join(root, 'app/(rest)/leads/route.ts'));
    expect(graph.has(path.join(root, 'lib/http/route.ts'))).toBe(true);
    expect(graph.has(path.join(root, 'lib/auth/web-session.ts'))).toBe(true);
  });
});
