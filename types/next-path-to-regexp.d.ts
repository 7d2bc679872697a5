// Next's bundled copy of path-to-regexp (the matcher syntax of proxy.ts), used by tests/unit/page-headers.test.ts.
declare module 'next/dist/compiled/path-to-regexp' {
  export function pathToRegexp(path: string): RegExp;
}
