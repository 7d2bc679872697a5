import pkg from '@/package.json';

/** What /health, the footer and the sign-in dialog show. */
export const RELEASE = {
  name: 'Lantern',
  version: pkg.version,
  codename: 'Ember',
  release_date: '2026-11-22',
} as const;

export function versionLabel(r: { version: string; codename?: string | null }): string {
  return r.codename ? `v${r.version} (${r.codename})` : `v${r.version}`;
}
