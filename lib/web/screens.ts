// Every staff screen once: its address, its title, its dashboard card, who may open it and whether
// the header links to it. The dashboard's cards, the header's links and each page's checks
// (`staffScreen` in app/(staff)/staff-screen.tsx) all read this list, so adding a screen is its page
// file plus one entry here (docs/architecture.md, How to add a screen).
// No server imports: the header and the dashboard read it in the browser.

/** Who is looking: what a screen's rule reads. */
export type Viewer = { role: string; schoolId: number | null };

type Section = { key: string; title: string; superuserOnly?: boolean };

/** The dashboard's sections, in the order shown. */
const SECTIONS = [
  { key: 'knowledge', title: 'Build Your Knowledge Base' },
  { key: 'engines', title: 'Start Your AI Engines' },
  { key: 'harness', title: 'Harness the Power of Your AI' },
  // Listed for superusers only; an admin still opens User Management by its address.
  { key: 'admin', title: 'Admin Tools', superuserOnly: true },
] as const satisfies readonly Section[];

export type Card = {
  section: (typeof SECTIONS)[number]['key'];
  /** Names the card on the page (`data-testid="card-<key>"`). */
  key: string;
  /** Only when it differs from the screen's title. */
  title?: string;
  description: string;
  /** Open before the school record exists; every other card waits for it ('School Info Required'). */
  withoutSchool?: true;
};

export type Screen = {
  path: string;
  /** The page's title, and the heading of its refusal. */
  title: string;
  /** Its card on the dashboard, in its section in the order of this list. */
  card?: Card;
  /** Linked from the header with this icon (components/site/staff-nav.tsx). */
  nav?: { icon: 'chat' };
  /** A live count shown on its card and its header link: the visitors waiting for a person. */
  count?: 'waiting';
  /** Opens for the viewers it allows; anyone else sees `refusal` in its place (the page still answers 200). */
  access?: { allows: (viewer: Viewer) => boolean; refusal: string };
  /** Hidden as coming soon until the school turns the feature on: no card, and the page answers 404. */
  feature?: 'prospects';
};

const superusers = (v: Viewer) => v.role === 'superuser';

// The spec's Email and Phone cards are hidden as coming soon: they join this list with their screens.
export const SCREENS = {
  dashboard: { path: '/dashboard', title: 'Dashboard' },
  school: {
    path: '/dashboard/school',
    title: 'School Management',
    card: { section: 'knowledge', key: 'school-management', description: 'Your school’s profile: name, classification, branding, contact points, tuition and social media.', withoutSchool: true },
  },
  'training-room': {
    path: '/dashboard/training-room',
    title: 'Training Room',
    card: { section: 'knowledge', key: 'training-room', description: 'Teach the assistant with documents, web links and staff interviews.' },
  },
  'ai-customization': {
    path: '/dashboard/ai-customization',
    title: 'AI Customization',
    card: { section: 'knowledge', key: 'ai-customization', description: 'Shape the assistant’s personality, tone and behaviour.' },
  },
  chatbot: {
    path: '/dashboard/chatbot',
    title: 'Chatbot Management',
    card: { section: 'engines', key: 'chatbot', title: 'Chatbot', description: 'Configure the website chat widget and review conversation logs.' },
  },
  live: {
    path: '/dashboard/live',
    title: 'Live Chat',
    card: { section: 'engines', key: 'live-chat', description: 'Talk with website visitors who ask for a person, and see who is waiting.' },
    nav: { icon: 'chat' },
    count: 'waiting',
  },
  'crm-setup': {
    path: '/dashboard/crm-setup',
    title: 'CRM Setup',
    card: { section: 'engines', key: 'crm-setup', description: 'Connect integrations and map lead fields to your CRM.' },
  },
  leads: {
    path: '/dashboard/leads',
    title: 'Leads Management',
    card: { section: 'harness', key: 'leads', title: 'Leads', description: 'View the prospective students the assistant met, and export them.' },
  },
  reports: {
    path: '/dashboard/reports',
    title: 'Reports',
    card: { section: 'harness', key: 'reports', description: 'Conversations and leads over time.' },
  },
  prospects: {
    path: '/dashboard/prospects',
    title: 'Manage Prospects',
    card: { section: 'harness', key: 'manage-prospects', description: 'Import and manage prospect lists.' },
    feature: 'prospects',
  },
  campaigns: {
    path: '/dashboard/campaigns',
    title: 'Campaigns',
    card: { section: 'harness', key: 'campaigns', description: 'Reach prospects with campaigns.' },
    feature: 'prospects',
  },
  users: {
    path: '/dashboard/users',
    title: 'User Management',
    card: { section: 'admin', key: 'user-management', description: 'Create, edit and deactivate user accounts across schools.' },
    // Superusers manage every account; admins the accounts of their school.
    access: { allows: (v) => superusers(v) || (v.role === 'admin' && v.schoolId !== null), refusal: 'Not enough permissions: only administrators can manage users.' },
  },
  scheduler: {
    path: '/dashboard/scheduler',
    title: 'Scheduler Dashboard',
    card: { section: 'admin', key: 'scheduler-dashboard', description: 'Background jobs, schedules and task execution.' },
    access: { allows: superusers, refusal: 'Not enough permissions: the scheduler is for platform administrators.' },
  },
  'audit-log': {
    path: '/dashboard/audit-log',
    title: 'Audit Log',
    card: { section: 'admin', key: 'audit-log', description: 'Who signed in, exported, deleted or changed what, and when.' },
    // School admins read their school's entries; superusers every school's.
    access: { allows: (v) => superusers(v) || (v.role === 'admin' && v.schoolId !== null), refusal: 'Not enough permissions: only administrators can read the audit log.' },
  },
  privacy: {
    path: '/dashboard/privacy',
    title: 'Privacy',
    card: { section: 'harness', key: 'privacy', description: "A person's data on request, erasing them everywhere, and past erasures." },
    // A privacy request acts on the school's whole record of a person: its administrators.
    access: { allows: (v) => v.schoolId !== null && (v.role === 'admin' || v.role === 'superuser'), refusal: 'Not enough permissions: only administrators can handle privacy requests.' },
  },
  sso: {
    path: '/dashboard/sso',
    title: 'Single Sign-On',
    card: { section: 'harness', key: 'single-sign-on', description: "Sign staff in with the school's own identity provider (OpenID Connect or SAML 2.0)." },
    // Who may sign in to the school, and how: its administrators (the API's rule, lib/sso/connection.ts).
    access: { allows: (v) => v.schoolId !== null && (v.role === 'admin' || v.role === 'superuser'), refusal: 'Not enough permissions: only administrators can set up single sign-on.' },
  },
  'advanced-reports': {
    path: '/dashboard/advanced-reports',
    title: 'Advanced Reports',
    card: { section: 'admin', key: 'advanced-reports', description: 'Reports across every school on the platform.' },
    access: { allows: superusers, refusal: 'Not enough permissions: Advanced Reports are for platform administrators.' },
  },
} satisfies Record<string, Screen>;

export type ScreenKey = keyof typeof SCREENS;

const ALL: Screen[] = Object.values(SCREENS);

/** The screens the header links to, in the order of the list. */
export const NAV_SCREENS: Screen[] = ALL.filter((s) => s.nav);

export type DashboardCard = { key: string; title: string; description: string; href: string; withoutSchool: boolean; count?: Screen['count'] };
export type DashboardSection = { title: string; cards: DashboardCard[] };

/** The sections a role sees, each with its cards; a feature's cards show once the school turned it on. */
/**
 * The dashboard's sections with their cards. A card whose screen has an access rule shows only to
 * viewers it lets in (`inSchool`: the viewer works in a school; the rules ask no more of the school).
 */
export function dashboardSections(role: string, features: { prospects?: boolean } = {}, inSchool = true): DashboardSection[] {
  return (SECTIONS as readonly Section[])
    .filter((s) => !s.superuserOnly || role === 'superuser')
    .map((s) => ({
      title: s.title,
      cards: ALL.flatMap((screen) => {
        const c = screen.card;
        if (!c || c.section !== s.key || (screen.feature && features[screen.feature] !== true)) return [];
        if (screen.access && !screen.access.allows({ role, schoolId: inSchool ? 0 : null })) return [];
        return [{ key: c.key, title: c.title ?? screen.title, description: c.description, href: screen.path, withoutSchool: c.withoutSchool === true, count: screen.count }];
      }),
    }));
}

/**
 * A card waits for the school record unless its screen sets the school up. Admin Tools work across
 * schools, but the spec gates "all cards" on the school record, so they wait too.
 */
export function cardState(card: DashboardCard, hasSchool: boolean): { enabled: boolean; badge: 'School Info Required' | null } {
  return card.withoutSchool || hasSchool ? { enabled: true, badge: null } : { enabled: false, badge: 'School Info Required' };
}
