import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every package the project carries is justified in docs/dependencies.md, under
// the heading that matches where package.json lists it.

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const doc = fs.readFileSync(path.join(root, 'docs/dependencies.md'), 'utf8');
const [, runtime = '', development = ''] = doc.split(/^## (?:Runtime|Development and tests)$/m);
const named = (section: string) => new Set([...section.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!));

describe('docs/dependencies.md', () => {
  it('justifies every runtime package under Runtime', () => {
    const listed = named(runtime);
    expect(Object.keys(pkg.dependencies).filter((d) => !listed.has(d))).toEqual([]);
  });

  it('justifies every development package under Development and tests', () => {
    const listed = named(development);
    expect(Object.keys(pkg.devDependencies).filter((d) => !listed.has(d) && !d.startsWith('@types/'))).toEqual([]);
  });
});
