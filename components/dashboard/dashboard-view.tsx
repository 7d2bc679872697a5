import Link from 'next/link';
import { WaitingBadge } from '@/components/live/waiting-count';
import { Badge } from '@/components/ui/badge';
import type { HandoffRequestView } from '@/lib/chat/handoff';
import type { MailState } from '@/lib/mail/health';
import { cardState, dashboardSections } from '@/lib/web/screens';
import { HandoffRequests } from './handoff-requests';
import { MailStateBanner } from './mail-state-banner';
import { PasswordUpdateBanner } from './password-update-banner';
import { SetupChecklist } from './setup-checklist';
import type { SetupStep } from '@/lib/schools/checklist';

export function DashboardView({
  role,
  schoolName,
  hasSchool,
  passwordUpdate,
  prospectsEnabled = false,
  mail = null,
  handoffs = null,
  checklist = null,
}: {
  /** A new school's setup steps (null without a school). */
  checklist?: SetupStep[] | null;
  prospectsEnabled?: boolean;
  /** Shown while e-mail reaches nobody. */
  mail?: MailState | null;
  handoffs?: { total: number; days: number; requests: HandoffRequestView[] } | null;
  role: string;
  schoolName: string | null;
  hasSchool: boolean;
  passwordUpdate: { required: boolean; deadline: string | null };
}) {
  const sections = dashboardSections(role, { prospects: prospectsEnabled }, hasSchool);
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:px-6">
      {passwordUpdate.required && <PasswordUpdateBanner deadline={passwordUpdate.deadline} />}
      {mail && <MailStateBanner state={mail} />}
      <div>
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Dashboard</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="current-school">
          {schoolName ?? 'No school yet: start with School Management to set up your school.'}
        </p>
      </div>
      {checklist && <SetupChecklist steps={checklist} />}
      {handoffs && <HandoffRequests {...handoffs} />}
      {sections.map((section, i) => (
        <section key={section.title} aria-labelledby={`section-${i}`}>
          <h2 id={`section-${i}`} className="flex items-center gap-3 text-xl font-semibold text-slate-900 dark:text-white">
            <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
              {i + 1}
            </span>
            <span>
              <span className="sr-only">{i + 1}. </span>
              {section.title}
            </span>
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {section.cards.map((c) => {
              const { enabled, badge } = cardState(c, hasSchool);
              const inner = (
                <>
                  <span className="flex items-start justify-between gap-2">
                    <span className="font-semibold text-slate-900 dark:text-white">{c.title}</span>
                    {badge && <span className="shrink-0"><Badge tone="warning">{badge}</Badge></span>}
                    {enabled && c.count === 'waiting' && <span className="shrink-0" data-testid="live-waiting-badge"><WaitingBadge /></span>}
                  </span>
                  <span className="mt-2 block text-sm text-slate-700 dark:text-slate-300">{c.description}</span>
                </>
              );
              return (
                <li key={c.key} data-testid={`card-${c.key}`} data-enabled={enabled}>
                  {enabled ? (
                    <Link href={c.href} className="block h-full rounded-xl border border-slate-200 p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 dark:border-slate-700">
                      {inner}
                    </Link>
                  ) : (
                    <div aria-disabled="true" className="block h-full cursor-not-allowed rounded-xl border border-dashed border-slate-300 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-900">
                      {inner}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
