import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions.md is an index of the decisions that hold now, read in one sitting. History and
// the reasoning behind past changes live in git (and, where one function needs it, in a comment
// beside that code); measurements belong in docs/performance.md.

const root = path.resolve(__dirname, '../..');
const MAX_BYTES = 40_000;

describe('docs/decisions.md', () => {
  it(`stays an index of at most ${MAX_BYTES} bytes`, () => {
    const bytes = fs.statSync(path.join(root, 'docs/decisions.md')).size;
    expect(
      bytes,
      `docs/decisions.md is ${bytes} bytes, over ${MAX_BYTES}: it is an index of the decisions that hold now. ` +
        'Shorten entries, link to the doc that says it in full, and leave history to git (measurements to docs/performance.md).',
    ).toBeLessThanOrEqual(MAX_BYTES);
  });

  it('lists every section in its index', () => {
    const text = fs.readFileSync(path.join(root, 'docs/decisions.md'), 'utf8');
    const anchor = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => anchor(m[1]!));
    const listed = new Set([...text.matchAll(/\]\(#([a-z0-9-]+)\)/g)].map((m) => m[1]!));
    expect(sections.filter((s) => !listed.has(s))).toEqual([]);
  });
});
