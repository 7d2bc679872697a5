// `npm run seed:demo`: a complete demo school (profile, logo, fact sheet) with an admin and a staff
// account, plus the platform superuser when the install has none. Safe to run again: an existing
// demo school is kept as it is. With PGlite, stop the server first (PGlite is single-process).
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { closeDb, getDb } from '../db/client';
import { schools, users, type Role } from '../db/schema';
import type { AuthContext } from '../lib/auth/accounts';
import { hashPassword } from '../lib/auth/password';
import { findUserById } from '../lib/users/queries';
import { saveFactSheet, updateSchoolSection, uploadLogo } from '../lib/schools/service';

const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Lantern-Demo-2026!';
const SCHOOL = 'Riverside College';

const db = await getDb();
const hash = await hashPassword(DEMO_PASSWORD);

async function ensureUser(p: { email: string; username: string; firstName: string; lastName: string; role: Role; schoolId: number | null }) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${p.email})`, p.schoolId === null ? sql`${users.schoolId} is null` : eq(users.schoolId, p.schoolId)))
    .limit(1);
  if (existing) return existing.id;
  const [row] = await db.insert(users).values({ ...p, passwordHash: hash }).returning({ id: users.id });
  console.log(`created ${p.role} ${p.email}`);
  return row!.id;
}

const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
if (n === 0) await ensureUser({ email: 'superuser@lantern.local', username: 'superuser', firstName: 'Platform', lastName: 'Admin', role: 'superuser', schoolId: null });

let [school] = await db.select().from(schools).where(eq(schools.name, SCHOOL)).limit(1);
const fresh = !school;
if (!school) [school] = await db.insert(schools).values({ name: SCHOOL }).returning();
const schoolId = school!.id;
const adminId = await ensureUser({ email: 'admin@riverside.example.edu', username: 'riverside-admin', firstName: 'Morgan', lastName: 'Reyes', role: 'admin', schoolId });
await ensureUser({ email: 'staff@riverside.example.edu', username: 'riverside-staff', firstName: 'Jamie', lastName: 'Chen', role: 'user', schoolId });

if (fresh) {
  // Filled in through the same service functions the screens use.
  const admin = (await findUserById(adminId))!;
  const ctx: AuthContext = { user: admin, role: admin.role, schoolId };
  await updateSchoolSection(ctx, 'basic', {
    name: SCHOOL,
    locations: ['Riverside Campus, 100 College Way, Riverside, OR 97301', 'Downtown Learning Center, 42 Market Street, Riverside, OR 97301'],
    website_url: 'https://riverside.example.edu',
    mascot: 'Ollie the Otter',
  });
  await updateSchoolSection(ctx, 'classification', {
    classification: '4_year',
    degree_levels: ['associate', 'bachelor', 'master'],
    institution_control: 'private',
    tax_status: 'non_profit',
    religious_affiliation: null,
    accreditation_info: 'Accredited by the Northwest Commission on Colleges and Universities; the nursing program is accredited by the CCNE.',
  });
  await updateSchoolSection(ctx, 'branding', { primary_color: '#0b3d91', secondary_color: '#ffffff', tertiary_color: '#f2b705', font_family: 'Georgia' });
  await updateSchoolSection(ctx, 'contact', {
    contact_points: [
      { name: 'Office of Admissions', phone: '+1 503 555 0100', email: 'admissions@riverside.example.edu', website: 'https://riverside.example.edu/apply' },
      { name: 'Financial Aid', phone: '+1 503 555 0140', email: 'finaid@riverside.example.edu', website: 'https://riverside.example.edu/aid' },
      { name: 'International Students', phone: '+1 503 555 0175', email: 'global@riverside.example.edu', website: null },
    ],
  });
  await updateSchoolSection(ctx, 'tuition', {
    tuition_info:
      'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students (12–18 credits); part-time study costs $1,020 per credit. Room and board average $11,200. 87% of first-year students receive need-based or merit aid, with an average award of $14,300.',
    tuition_instructions: 'Quote the published figures, always mention that most students receive aid, and point families to the net price calculator before giving any estimate.',
  });
  await updateSchoolSection(ctx, 'social', {
    social_media_links: { Instagram: 'https://www.instagram.com/riversidecollege', Facebook: 'https://www.facebook.com/riversidecollege', YouTube: 'https://www.youtube.com/@riversidecollege' },
  });
  const logo = fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'demo', 'riverside-logo.png'));
  await uploadLogo(ctx, { bytes: new Uint8Array(logo), filename: 'riverside-logo.png' });
  await saveFactSheet(ctx, {
    programs: ['Nursing (BSN)', 'Biology', 'Computer Science', 'Business Administration', 'Environmental Science', 'Psychology', 'Education (MAT)', 'Graphic Design'],
    athletic_teams: ['Soccer', 'Basketball', 'Cross Country', 'Rowing', 'Volleyball'],
    student_clubs: ['Robotics Club', 'Outdoor Adventure Society', 'Debate Team', 'Student Government', 'River Cleanup Volunteers'],
    important_deadlines: [
      { name: 'Early action application', date: '2026-11-01', description: 'Non-binding; decisions by mid-December' },
      { name: 'FAFSA priority deadline', date: '2027-02-01', description: 'For need-based aid' },
      { name: 'Regular decision application', date: '2027-01-15', description: null },
      { name: 'Enrollment deposit', date: '2027-05-01', description: '$300, refundable until June 1' },
    ],
  });
}

console.log(`Demo school "${SCHOOL}" is ready. Sign in as admin@riverside.example.edu or staff@riverside.example.edu with the password: ${DEMO_PASSWORD}`);
await closeDb();
