import type { MailState } from '@/lib/mail/health';

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * While Lantern's e-mail reaches nobody (SMTP_URL not set, or the mail server refusing), staff are
 * told on the dashboard and the Chatbot page, with what to set: a visitor's request for a person
 * travels by e-mail.
 */
export function MailStateBanner({ state, wrapClassName }: { state: MailState; /** A box around the banner, drawn only with it. */ wrapClassName?: string }) {
  if (state.smtp_configured && state.failing === 0) return null;
  const banner = (
    <div role="alert" data-testid="mail-state" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
      {state.smtp_configured ? (
        <>
          <p className="font-semibold">E-mail deliveries are failing</p>
          <p className="mt-1 text-sm">
            The mail server refused {plural(state.failing, 'e-mail', 'e-mails')} this past week
            {state.last_error ? ` (last answer: ${state.last_error})` : ''}. Requests from visitors who asked to talk to a person may not have reached the office.
            Ask whoever runs Lantern to check the server, user name and password in <code>SMTP_URL</code>; failed e-mail is tried again.
          </p>
        </>
      ) : (
        <>
          <p className="font-semibold">E-mail is not being sent</p>
          <p className="mt-1 text-sm">
            <code>SMTP_URL</code> is not set, so Lantern keeps its e-mail in the outbox
            {state.kept ? ` (${plural(state.kept, 'e-mail', 'e-mails')} this past week)` : ''}, including the requests of visitors who ask to talk to a person.
            Ask whoever runs Lantern to set <code>SMTP_URL</code> (for example <code>smtp://user:password@mail.example.edu:587</code>) and restart it; the kept e-mail is sent then.
          </p>
        </>
      )}
    </div>
  );
  return wrapClassName ? <div className={wrapClassName}>{banner}</div> : banner;
}
