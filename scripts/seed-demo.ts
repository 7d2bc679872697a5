// `npm run seed:demo`: a demo school with an admin and a staff member, plus the platform superuser
// when the install has none. Safe to run again: existing rows are kept. (Stop the server first when
// using PGlite: it is single-process.) Later features add their demo data here.
import { and, eq, sql } from 'drizzle-orm';
import { closeDb, getDb } from '../db/client';
import { schools, users, type Role } from '../db/schema';
import { hashPassword } from '../lib/auth/password';

const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Lantern-Demo-2026!';

const db = await getDb();

let [school] = await db.select().from(schools).where(eq(schools.name, 'Riverside College')).limit(1);
if (!school) {
  [school] = await db
    .insert(schools)
    .values({
      name: 'Riverside College',
      locations: ['Riverside Campus, 100 College Way, Riverside'],
      websiteUrl: 'https://riverside.example.edu',
      classification: '4_year',
      degreeLevels: ['associate', 'bachelor', 'master'],
      institutionControl: 'private',
      taxStatus: 'non_profit',
      accreditationInfo: 'Accredited by the Regional Commission on Higher Education',
      mascot: 'The Otters',
      primaryColor: '#0b3d91',
      secondaryColor: '#ffffff',
      tertiaryColor: '#f2b705',
      contactPoints: [{ name: 'Admissions Office', phone: '+1 555 0100', email: 'admissions@riverside.example.edu', website: 'https://riverside.example.edu/apply' }],
      tuitionInfo: 'Undergraduate tuition is $24,500 per year; most students receive need-based aid.',
      socialMediaLinks: { Instagram: 'https://instagram.com/riversidecollege' },
    })
    .returning();
}

const hash = await hashPassword(DEMO_PASSWORD);
type DemoPerson = { email: string; username: string; firstName: string; lastName: string; role: Role; schoolId: number | null };
const people: DemoPerson[] = [
  { email: 'admin@riverside.example.edu', username: 'riverside-admin', firstName: 'Morgan', lastName: 'Reyes', role: 'admin', schoolId: school!.id },
  { email: 'staff@riverside.example.edu', username: 'riverside-staff', firstName: 'Jamie', lastName: 'Chen', role: 'user', schoolId: school!.id },
];
const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
if (n === 0) people.unshift({ email: 'superuser@lantern.local', username: 'superuser', firstName: 'Platform', lastName: 'Admin', role: 'superuser', schoolId: null });

for (const p of people) {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${p.email})`, p.schoolId === null ? sql`${users.schoolId} is null` : eq(users.schoolId, p.schoolId)))
    .limit(1);
  if (existing.length === 0) {
    await db.insert(users).values({ ...p, passwordHash: hash });
    console.log(`created ${p.role} ${p.email}`);
  }
}

console.log(`Demo school "${school!.name}" is ready. Demo accounts use the password: ${DEMO_PASSWORD}`);
await closeDb();
