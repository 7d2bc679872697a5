import Link from 'next/link';
import { RELEASE, versionLabel } from '@/lib/version';
import { LanternMark } from './logo';

const SOCIAL = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', path: 'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9h4v12H3zM9 9h3.8v1.7h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V21H9z' },
  { name: 'Instagram', href: 'https://www.instagram.com/', path: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM12 2c-2.7 0-3.1 0-4.1.1C4.3 2.3 2.3 4.3 2.1 7.9 2 8.9 2 9.3 2 12s0 3.1.1 4.1c.2 3.6 2.2 5.6 5.8 5.8 1 .1 1.4.1 4.1.1s3.1 0 4.1-.1c3.6-.2 5.6-2.2 5.8-5.8.1-1 .1-1.4.1-4.1s0-3.1-.1-4.1c-.2-3.6-2.2-5.6-5.8-5.8C15.1 2 14.7 2 12 2z' },
  { name: 'YouTube', href: 'https://www.youtube.com/', path: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15V9l5.8 3z' },
];

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <LanternMark className="h-6 w-6" /> Lantern
          </p>
          <p className="mt-3 max-w-md text-sm text-slate-700 dark:text-slate-300">
            The admissions assistant that knows your school as well as your best counsellor does, and is there for every applicant at any hour.
          </p>
        </div>
        <nav aria-label="Support">
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Support</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link href="/?view=contact" scroll={false} className="text-slate-700 hover:text-slate-950 hover:underline dark:text-slate-300 dark:hover:text-white">
                Contact Us
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Company</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link href="/?view=about" scroll={false} className="text-slate-700 hover:text-slate-950 hover:underline dark:text-slate-300 dark:hover:text-white">
                About Us
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-4 border-t border-slate-200 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:px-6 dark:border-slate-800 dark:text-slate-300">
        <p>
          © {new Date().getFullYear()} Lantern. All rights reserved. <span data-testid="version">{versionLabel(RELEASE)}</span>
        </p>
        <ul className="flex gap-3">
          {SOCIAL.map((s) => (
            <li key={s.name}>
              <a href={s.href} rel="noopener noreferrer" target="_blank" aria-label={`Lantern on ${s.name}`} className="block rounded p-1 text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white">
                <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                  <path d={s.path} />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
