import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireStaff } from '@/app/(staff)/staff-screen';
import { SsoTestResult } from '@/components/sso/sso-test-result';
import { testResult } from '@/lib/sso/attempts';

export const metadata: Metadata = { title: 'Test sign-in' };

/** Where a Test sign-in ends (lib/sso/flow.ts): what the provider sent, or why it failed; only for whoever ran it. */
export default async function SsoTestPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireStaff();
  const { id } = await params;
  const attempt = ctx.schoolId !== null && /^[0-9a-f-]{36}$/i.test(id) ? await testResult(id, ctx.schoolId) : null;
  if (!attempt || attempt.testBy !== ctx.user.id) notFound();
  return <SsoTestResult result={attempt.result} />;
}
