import { SchoolManagement } from '@/components/school/school-management';
import { prospectsEnabled } from '@/lib/prospects/service';
import { toSchool } from '@/lib/schools/present';
import { findOwnSchool } from '@/lib/schools/service';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('school');

export default staffScreen('school', async (ctx) => {
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
});
