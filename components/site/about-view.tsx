const VALUES = [
  { title: 'Accuracy', text: 'The assistant answers from what your school has told it and says so when it does not know. A wrong deadline costs an applicant far more than a candid “let me connect you”.' },
  { title: 'Accessibility', text: 'Families ask at midnight, on phones, in their second language. Lantern is built to be usable by everyone, with keyboard and screen-reader support throughout.' },
  { title: 'Innovation', text: 'We put new tools to work only where they make an admissions office better: fewer repeated questions, faster follow-up, clearer insight into what applicants need.' },
];

const TEAM = [
  { name: 'Amara Okafor', role: 'Co-founder, Chief Executive', bio: 'Spent nine years in undergraduate admissions, the last four running a counselling team of twelve.' },
  { name: 'Daniel Reyes', role: 'Co-founder, Engineering', bio: 'Builds the retrieval and conversation engine; previously worked on search for a large library network.' },
  { name: 'Priya Natarajan', role: 'Head of School Success', bio: 'Helps each school set up its knowledge base and reads every low-rated answer so the next one is better.' },
];

const CITY = [
  { value: '35+', label: 'colleges and universities in Greater Boston' },
  { value: '250k+', label: 'college students in the metro area' },
  { value: '1636', label: 'year the country’s oldest college opened nearby' },
];

export function AboutView() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-800 dark:text-brand-300">About Lantern</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 dark:text-white">We help schools light the way to enrolment.</h1>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Our mission</h2>
        <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
          Choosing a school is one of the biggest decisions a family makes, and most of it happens outside office hours. Our mission is to give
          every applicant a knowledgeable, honest guide at the moment they need one, and to give admissions teams back the hours they spend
          answering the same twenty questions.
        </p>
      </section>
      <section aria-labelledby="values" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="values" className="text-2xl font-bold text-slate-900 dark:text-white">What we value</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
              <h3 className="font-semibold text-slate-900 dark:text-white">{v.title}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{v.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="team" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="team" className="text-2xl font-bold text-slate-900 dark:text-white">Our team</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {TEAM.map((t) => (
            <li key={t.name} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
              <div aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900">
                {t.name.split(' ').map((n) => n[0]).join('')}
              </div>
              <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{t.name}</h3>
              <p className="text-sm text-brand-800 dark:text-brand-300">{t.role}</p>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t.bio}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="location" className="mx-auto max-w-6xl px-4 pb-20 pt-12 sm:px-6">
        <h2 id="location" className="text-2xl font-bold text-slate-900 dark:text-white">Where we are</h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <address className="rounded-xl border border-slate-200 p-5 not-italic dark:border-slate-800">
            <p className="font-semibold text-slate-900 dark:text-white">Lantern headquarters</p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              210 Commonwealth Avenue, Suite 4
              <br />
              Boston, MA 02116, United States
            </p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Open Monday to Friday, 9:00 to 17:30 Eastern Time.</p>
          </address>
          <div className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
            <p className="font-semibold text-slate-900 dark:text-white">Boston, a city of students</p>
            <dl className="mt-3 grid grid-cols-3 gap-4">
              {CITY.map((c) => (
                <div key={c.label}>
                  <dt className="sr-only">{c.label}</dt>
                  <dd className="text-2xl font-bold text-brand-800 dark:text-brand-300">{c.value}</dd>
                  <dd className="text-xs text-slate-700 dark:text-slate-300">{c.label}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>
    </>
  );
}
