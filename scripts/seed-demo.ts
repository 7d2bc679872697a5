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
import { createActionPrompt } from '../lib/knowledge/action-prompts';
import { analyzeFile, uploadFile } from '../lib/knowledge/files';
import { createWebLink, generateWebLinkInsightsManual } from '../lib/knowledge/web-links';
import { applyCallWebhook, createInterview } from '../lib/knowledge/interviews';
import { interviewCalls } from '../db/schema';
import { createSpecialInstruction, putPersona, putPersonality, putVoiceSettings, uploadAvatar } from '../lib/assistant/settings';
import { widgetApiKeys } from '../db/schema';
import { recordWidgetEvent } from '@/lib/conversations/conversations';
import { chatOnce } from '../lib/chat/engine';
import type { WidgetEventInput } from '../lib/chat/schema';
import { hashClientAddress } from '../lib/http/client';
import { leadGenSettingsSchema } from '../lib/leads/schema';
import { putLeadGenSettings } from '../lib/leads/settings';
import { widgetCallerForKey } from '../lib/widget/access';
import { generateApiKey, internalApiKey } from '../lib/widget/keys';

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

  // Knowledge: action prompts, a web page (its text pasted in, since the demo site is not online) and a document.
  for (const p of [
    { name: 'Start your application', target_audience: 'Prospective first-year and transfer students', action_description: 'Apply online in about 20 minutes; there is no application fee for early action.', action_type: 'link' as const, action_data: 'https://riverside.example.edu/apply', priority: 90, is_active: true },
    { name: 'Book a campus tour', target_audience: 'Families visiting Riverside', action_description: 'Student-led tours leave the Welcome Center at 10am and 2pm on weekdays.', action_type: 'form' as const, action_data: 'https://riverside.example.edu/visit', priority: 70, is_active: true },
    { name: 'Call Admissions', target_audience: 'Anyone with a question', action_description: 'Talk to an admissions counsellor, Monday to Friday, 9am to 5pm Pacific.', action_type: 'phone' as const, action_data: '+1 503 555 0100', priority: 50, is_active: true },
    { name: 'Email Financial Aid', target_audience: 'Families planning costs', action_description: 'Ask about scholarships, grants and payment plans.', action_type: 'email' as const, action_data: 'finaid@riverside.example.edu', priority: 40, is_active: true },
  ]) await createActionPrompt(ctx, p);
  const housing = await createWebLink(ctx, { name: 'Housing and dining', url: 'https://riverside.example.edu/housing', drill_into_subpages: false });
  await generateWebLinkInsightsManual(
    ctx,
    housing.id,
    [
      'First-year students live on campus in one of four residence halls along the river; each hall has study lounges and laundry rooms.',
      'Housing applications open March 1 and rooms are assigned in the order deposits are received.',
      'The standard double room costs $6,400 per year and the unlimited meal plan $4,800 per year.',
      'Vegetarian, vegan and allergy-friendly options are served at every meal in the Otter Commons dining hall.',
    ].join('\n\n'),
  );
  const guide = [
    'Riverside College Transfer Guide.',
    'Transfer students may bring up to 90 credits from accredited colleges, and credits with a grade of C or better usually transfer.',
    'Associate degree holders from Oregon community colleges enter with junior standing under the statewide transfer agreement.',
    'Transfer applications are due April 1 for the fall term and November 1 for the spring term.',
    'Transfer scholarships of $4,000 to $8,000 per year are awarded automatically based on your college GPA.',
    'Questions? Write to transfer@riverside.example.edu or call +1 503 555 0120.',
  ].join('\n\n');
  const file = await uploadFile(ctx, { bytes: new TextEncoder().encode(guide), filename: 'transfer-guide.txt', name: 'Transfer guide' });
  await analyzeFile(file.id);

  // A staff interview as the telephony provider would report it once the call ended.
  const interview = await createInterview(ctx, { staff_name: 'Priya Shah', phone_number: '+1 503 555 0140', topic: 'financial_aid', additional_instructions: 'Focus on first-generation students.' });
  await db.update(interviewCalls).set({ status: 'initiated', providerCallId: 'demo-conversation', calledAt: new Date(Date.now() - 3_600_000) }).where(eq(interviewCalls.id, interview.id));
  await applyCallWebhook({
    type: 'post_call_transcription',
    data: {
      conversation_id: 'demo-conversation',
      status: 'done',
      transcript: [
        { role: 'agent', message: 'What should first-generation families know about paying for Riverside?' },
        { role: 'user', message: 'Every admitted student is automatically considered for merit scholarships of $6,000 to $14,000 a year; there is no separate application.' },
        { role: 'user', message: 'First-generation students can also apply for the Lantern Bridge Grant, which covers summer orientation and the first year of books.' },
        { role: 'user', message: 'Families should file the FAFSA by February 1 and can book a one-on-one session with a financial aid counsellor any weekday.' },
      ],
      metadata: { start_time_unix_secs: Math.floor(Date.now() / 1000) - 3_500, call_duration_secs: 612 },
    },
  });

  // The assistant: persona with an avatar (the school's mark stands in), voice, personality and rules.
  const { avatar_url } = await uploadAvatar(ctx, { bytes: new Uint8Array(logo), filename: 'ollie.png' });
  await putPersona(ctx, { ai_name: 'Ollie', role_description: 'Riverside College’s admissions guide: helps prospective students and families with programs, costs, deadlines and visits.', avatar_url });
  await putVoiceSettings(ctx, { voice_id: 'EXAVITQu4vr4xnSDxMaL', voice_name: 'Bella', stability: 0.6, similarity_boost: 0.7, style: 0.1, use_speaker_boost: true, preview_text: null });
  await putPersonality(ctx, {
    tone: 'supportive',
    formality: 'neutral',
    response_style: 'balanced',
    enthusiasm: 'high',
    empathy_level: 'very_high',
    humor_level: 'occasional',
    personality_traits: ['Warm', 'Knowledgeable', 'Patient', 'Encouraging'],
    custom_instructions: 'Use plain language; many of our families are applying to college for the first time.',
  });
  for (const i of [
    { title: 'Mention aid with costs', instruction_text: 'Whenever you state a cost, add that most students receive financial aid and point to the net price calculator.', instruction_type: 'always_do' as const, priority: 90, is_active: true },
    { title: 'No admission promises', instruction_text: 'promise or predict an admission decision.', instruction_type: 'never_do' as const, priority: 80, is_active: true },
    { title: 'Visits', instruction_text: 'Invite visitors who sound undecided to book a campus tour.', instruction_type: 'general' as const, priority: 40, is_active: true },
  ]) await createSpecialInstruction(ctx, i);
}

// The chatbot: a widget key, lead capture, and a few visitor sessions answered by the real chat engine.
const [hasKey] = await db.select({ schoolId: widgetApiKeys.schoolId }).from(widgetApiKeys).where(eq(widgetApiKeys.schoolId, schoolId)).limit(1);
if (!hasKey) {
  const admin = (await findUserById(adminId))!;
  const ctx: AuthContext = { user: admin, role: admin.role, schoolId };
  const { api_key } = await generateApiKey(ctx);
  await internalApiKey(ctx);
  await putLeadGenSettings(ctx, leadGenSettingsSchema.parse({ enabled: true, collection_mode: 'conversational' }));
  const caller = (await widgetCallerForKey(api_key, hashClientAddress('demo-visitor')))!;
  const visits: { session: string; events: WidgetEventInput['event_type'][]; questions: string[] }[] = [
    { session: 'demo-visit-1', events: ['widget_loaded'], questions: [] },
    { session: 'demo-visit-2', events: ['widget_loaded', 'widget_opened'], questions: [] },
    { session: 'demo-visit-3', events: ['widget_loaded', 'widget_opened', 'conversation_engaged'], questions: ['How much is tuition?', 'Do you offer nursing?'] },
    {
      session: 'demo-visit-4',
      events: ['widget_loaded', 'widget_opened', 'conversation_engaged'],
      questions: ['When are transfer applications due?', 'My name is Jordan Rivera', 'You can reach me at jordan.rivera@example.com'],
    },
  ];
  for (const visit of visits) {
    for (const event_type of visit.events) await recordWidgetEvent(caller, { session_id: visit.session, event_type } as WidgetEventInput);
    const history: { role: 'user' | 'assistant'; content: string }[] = [];
    for (const message of visit.questions) {
      const { response } = await chatOnce(caller, { message, session_id: visit.session, conversation_history: history.slice(-10) });
      history.push({ role: 'user', content: message }, { role: 'assistant', content: response });
    }
  }
  console.log(`created the widget key and ${visits.length} demo visits`);
}

console.log(`Demo school "${SCHOOL}" is ready. Sign in as admin@riverside.example.edu or staff@riverside.example.edu with the password: ${DEMO_PASSWORD}`);
await closeDb();
