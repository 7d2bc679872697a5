import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import type { AuthContext } from '@/lib/auth/accounts';
import { staffSession } from '@/lib/auth/web-session';
import { prospectsEnabled } from '@/lib/prospects/service';
import { SCREENS, type Screen, type ScreenKey } from '@/lib/web/screens';
import { sessionExpiredUrl, STAFF_PATH_HEADER } from '@/lib/web/staff-path';

// How a staff page opens: the signed-in staff member (one lookup per request, shared by the layout
// and the page), then its screen's rules from lib/web/screens.ts.

/**
 * The staff layout's check. proxy.ts catches requests without a cookie; this catches a session that
 * ended on the server (signed out, password changed elsewhere, deactivated) while its cookie lives
 * on, sending the visitor home with the path they were on.
 */
export async function requireStaff(): Promise<AuthContext> {
  const ctx = await staffSession();
  if (!ctx) redirect(sessionExpiredUrl((await headers()).get(STAFF_PATH_HEADER)));
  return ctx;
}

/** A screen's <title>, from the registry. */
export function screenMetadata(key: ScreenKey): Metadata {
  return { title: SCREENS[key].title };
}

/** Whether a school turned a feature on (School Management, superuser). */
const FEATURES: Record<NonNullable<Screen['feature']>, (schoolId: number) => Promise<boolean>> = { prospects: prospectsEnabled };

/** Whether the staff member's school has a feature on (off without a school): a screen's 404, a card's absence. */
export async function featureOn(ctx: AuthContext, feature: NonNullable<Screen['feature']>): Promise<boolean> {
  return ctx.schoolId !== null && (await FEATURES[feature](ctx.schoolId));
}

/**
 * A staff page: `render` gets the signed-in staff member once the screen's rules pass. The page
 * checks the session too, because moving between screens renders the page without its layout; the
 * lookup is the layout's, cached for the request.
 */
export function staffScreen(key: ScreenKey, render: (ctx: AuthContext) => ReactNode | Promise<ReactNode>) {
  const screen: Screen = SCREENS[key];
  return async function StaffScreen() {
    const ctx = await staffSession();
    // Names the screen's own path (the layout's redirect, when it runs first, keeps the query too).
    if (!ctx) redirect(`/?session=expired&next=${screen.path}`);
    if (screen.feature && !(await featureOn(ctx, screen.feature))) notFound();
    if (screen.access && !screen.access.allows(ctx)) {
      return (
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
          <BackToDashboard />
          <h1 className="text-2xl font-bold">{screen.title}</h1>
          <p role="alert">{screen.access.refusal}</p>
        </div>
      );
    }
    return render(ctx);
  };
}
