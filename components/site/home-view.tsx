import { OpenLoginButton } from './open-login-button';

const FEATURES = [
  {
    title: 'Interactive chat assistant',
    text: 'A chat window on your website that answers questions about programs, deadlines and visits in plain language, and hands warm leads to your team.',
    icon: 'M4 5h16v10H8l-4 4z',
  },
  {
    title: 'AI phone support',
    text: 'Lantern interviews your staff by phone and turns what they know into answers, so the assistant speaks with your office’s own voice.',
    icon: 'M6 3h4l2 5-2.5 1.5a11 11 0 0 0 5 5L16 12l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 4 5a2 2 0 0 1 2-2z',
  },
  {
    title: 'Program information',
    text: 'Degrees, requirements, tuition and aid, drawn from your fact sheet, web pages and documents, always quoted from your sources, never invented.',
    icon: 'M4 4h10l6 6v10H4zM14 4v6h6',
  },
  {
    title: 'Campus life details',
    text: 'Clubs, athletics, housing and the feel of the place: the questions families ask at midnight, answered the way your tour guides would.',
    icon: 'M3 21h18M5 21V10l7-5 7 5v11M9 21v-6h6v6',
  },
];

/** The signed-out home page: hero, sign-in call to action, four feature previews, two info cards. */
export function HomeView() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-800 dark:text-brand-300">Welcome to Lantern</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            Every applicant’s question, answered the moment they ask it.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            Lantern is an admissions assistant your office teaches with its own knowledge. It answers prospective students and families on your
            website day and night, captures their details, and shows your team what people really want to know.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <OpenLoginButton>Sign in to your school</OpenLoginButton>
            <p className="text-sm text-slate-700 dark:text-slate-300">Staff accounts are created by your school’s administrator.</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="features" className="text-2xl font-bold text-slate-900 dark:text-white">What Lantern does for your admissions office</h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-xl border border-slate-200 p-5 shadow-sm dark:border-slate-800">
              <svg viewBox="0 0 24 24" className="h-8 w-8 text-brand-700 dark:text-brand-300" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
                <path d={f.icon} />
              </svg>
              <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{f.title}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 pb-20 sm:px-6 md:grid-cols-2">
        <article className="rounded-xl bg-slate-900 p-6 text-white dark:bg-slate-800">
          <h2 className="text-xl font-semibold">For prospective students</h2>
          <p className="mt-3 text-slate-200">
            Ask about majors, application deadlines, scholarships or what a Tuesday on campus looks like. You get a straight answer with a link to
            the page it came from, and a person from admissions when you want one.
          </p>
        </article>
        <article className="rounded-xl bg-brand-100 p-6 text-slate-900 dark:bg-brand-900 dark:text-white">
          <h2 className="text-xl font-semibold">For families</h2>
          <p className="mt-3 text-slate-800 dark:text-brand-50">
            Costs, financial aid, safety, housing and support services, explained clearly and in one place. Leave your details once and the right
            counsellor follows up, no phone tree required.
          </p>
        </article>
      </section>
    </>
  );
}
