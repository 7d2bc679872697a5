import { Suspense } from 'react';
import { SignInForm } from '@/components/auth/sign-in-form';
import { RELEASE, versionLabel } from '@/lib/version';

export default function HomePage() {
  return (
    <main className="mx-auto grid min-h-screen max-w-5xl items-center gap-12 px-6 py-16 md:grid-cols-2">
      <section>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Lantern</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">Answers for every applicant, at any hour.</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          Lantern is the admissions assistant your office trains with its own knowledge: it answers prospective students and families on your
          website, captures their details, and shows your team what they ask.
        </p>
      </section>
      <section className="rounded-xl border border-slate-200 p-6 shadow-sm dark:border-slate-800">
        <Suspense>
          <SignInForm versionLabel={`${RELEASE.name} ${versionLabel(RELEASE)}`} />
        </Suspense>
      </section>
    </main>
  );
}
