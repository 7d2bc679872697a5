'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';

/**
 * A page that failed on the server (most often the database restarting or busy): a plain
 * explanation and a retry that fetches the page again, instead of the framework's bare error text.
 * Production builds do not send the server's message, so the page does not guess at the cause.
 */
export default function PageError({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-4 px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">This page could not be loaded</h1>
      <p role="alert" className="text-slate-700 dark:text-slate-300">
        The service may be briefly unavailable. Please try again in a moment.
      </p>
      <div className="flex gap-3">
        <Button onClick={() => retry()}>Try again</Button>
        <Link href="/dashboard" className="inline-flex items-center rounded-md px-4 py-2 text-sm font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-300">
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
