import { Banner } from '@/components/ui/banner';

// The Test sign-in window's page: the claims the provider sent and whether that address could sign
// in, or what went wrong in words (lib/sso/errors.ts), never a stack trace.

type Claims = { subject?: string; email?: string | null; emailVerified?: boolean; firstName?: string | null; lastName?: string | null; sessionEndsAt?: string | null };
type Result = { ok: true; claims: Claims; verdict: string } | { ok: false; code: string; message: string };

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

export function SsoTestResult({ result }: { result: Record<string, unknown> | null }) {
  const r = result as Result | null;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">Test sign-in</h1>
      {!r ? (
        <Banner tone="warning">The test has not come back from the identity provider yet. Finish signing in there, or start the test again.</Banner>
      ) : r.ok ? (
        <>
          <Banner tone="success">The identity provider signed you in. {r.verdict}</Banner>
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold">What the provider sent</caption>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {(
                [
                  ['Subject', r.claims.subject],
                  ['E-mail', r.claims.email],
                  ['E-mail verified', r.claims.emailVerified ? 'yes' : 'no'],
                  ['First name', r.claims.firstName],
                  ['Last name', r.claims.lastName],
                  ['Provider session ends', r.claims.sessionEndsAt],
                ] as const
              ).map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {label}
                  </th>
                  <td className="break-all py-2" data-testid={`claim-${label.toLowerCase().replace(/\s+/g, '-')}`}>
                    {shown(value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <Banner tone="error">Test sign-in failed: {r.message}</Banner>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">Nobody was signed in by this test. You can close this window.</p>
    </div>
  );
}
