import { ContactForm } from './contact-form';

export function ContactView() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-800 dark:text-brand-300">Contact</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 dark:text-white">Talk to the Lantern team</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            Questions about bringing Lantern to your school, or help with an account you already have: write to us and a person will answer.
          </p>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-8 px-4 pb-20 sm:px-6 md:grid-cols-3">
        <div className="md:col-span-2">
          <ContactForm />
        </div>
        <aside className="h-fit rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900">
          <h2 className="font-semibold text-slate-900 dark:text-white">When to expect an answer</h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">We typically respond within 24 hours on business days.</p>
          <h3 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">We can help with</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            <li>Setting up your school and its knowledge base</li>
            <li>Embedding the chat widget on your website</li>
            <li>Connecting your CRM and exporting leads</li>
            <li>Accounts, sign-in and password questions</li>
            <li>Pricing and pilots for new schools</li>
          </ul>
        </aside>
      </section>
    </>
  );
}
