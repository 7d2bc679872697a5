import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SchoolManagement } from '@/components/school/school-management';
import { getStaffSession } from '@/lib/auth/web-session';
import { toSchool } from '@/lib/schools/present';
import { prospectsEnabled } from '@/lib/prospects/service';
import { findOwnSchool } from '@/lib/schools/service';

export const metadata: Metadata = { title: 'School Management' };

export default async function SchoolPage() {
  const ctx = await getStaffSession();
  if (!ctx) redirect('/?session=expired&next=/dashboard/school');
  let school = null;
  let loadError = false;
  try {
    const row = await findOwnSchool(ctx);
    school = row ? toSchool(row) : null;
  } catch (err) {
    console.error('[school] load failed', err);
    loadError = true;
  }
  // The feature switches are the superuser's.
  const features = ctx.role === 'superuser' && school && ctx.schoolId !== null ? { prospectsEnabled: await prospectsEnabled(ctx.schoolId) } : null;
  return <SchoolManagement initialSchool={school} loadError={loadError} features={features} />;
}
