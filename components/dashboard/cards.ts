// The home dashboard's sections and cards. `href` is set once a card's screen
// exists; until then the card shows 'Coming soon' and is never a dead link.

export type DashboardCard = {
  key: string;
  title: string;
  description: string;
  href?: string;
  /** Exists in the product but hidden until it ships (spec: "hidden as coming soon"). */
  hidden?: boolean;
  /** Hidden unless the school has turned on this feature (School Management, superuser). */
  feature?: 'prospects';
};

export type DashboardSection = { title: string; superuserOnly?: boolean; cards: DashboardCard[] };

export const DASHBOARD_SECTIONS: DashboardSection[] = [
  {
    title: 'Build Your Knowledge Base',
    cards: [
      { key: 'school-management', title: 'School Management', description: 'Your school’s profile: name, classification, branding, contact points, tuition and social media.', href: '/dashboard/school' },
      { key: 'training-room', title: 'Training Room', description: 'Teach the assistant with documents, web links and staff interviews.', href: '/dashboard/training-room' },
      { key: 'ai-customization', title: 'AI Customization', description: 'Shape the assistant’s personality, tone and behaviour.', href: '/dashboard/ai-customization' },
    ],
  },
  {
    title: 'Start Your AI Engines',
    cards: [
      { key: 'chatbot', title: 'Chatbot', description: 'Configure the website chat widget and review conversation logs.', href: '/dashboard/chatbot' },
      { key: 'live-chat', title: 'Live Chat', description: 'Talk with website visitors who ask for a person, and see who is waiting.', href: '/dashboard/live' },
      { key: 'crm-setup', title: 'CRM Setup', description: 'Connect integrations and map lead fields to your CRM.', href: '/dashboard/crm-setup' },
      { key: 'email', title: 'Email', description: 'Answer admissions e-mail with the assistant.', hidden: true },
      { key: 'phone', title: 'Phone', description: 'Answer admissions calls with the assistant.', hidden: true },
    ],
  },
  {
    title: 'Harness the Power of Your AI',
    cards: [
      { key: 'leads', title: 'Leads', description: 'View the prospective students the assistant met, and export them.', href: '/dashboard/leads' },
      { key: 'reports', title: 'Reports', description: 'Conversations and leads over time.', href: '/dashboard/reports' },
      { key: 'manage-prospects', title: 'Manage Prospects', description: 'Import and manage prospect lists.', href: '/dashboard/prospects', hidden: true, feature: 'prospects' },
      { key: 'campaigns', title: 'Campaigns', description: 'Reach prospects with campaigns.', href: '/dashboard/campaigns', hidden: true, feature: 'prospects' },
    ],
  },
  {
    title: 'Admin Tools',
    superuserOnly: true,
    cards: [
      { key: 'user-management', title: 'User Management', description: 'Create, edit and deactivate user accounts across schools.', href: '/dashboard/users' },
      { key: 'scheduler-dashboard', title: 'Scheduler Dashboard', description: 'Background jobs, schedules and task execution.', href: '/dashboard/scheduler' },
      { key: 'advanced-reports', title: 'Advanced Reports', description: 'Reports across every school on the platform.', href: '/dashboard/advanced-reports' },
    ],
  },
];

export type CardState = { card: DashboardCard; enabled: boolean; badge: 'School Info Required' | 'Coming soon' | null };

/**
 * Every card except School Management waits for the school record ('School Info Required').
 * Admin Tools work across schools; the spec gates "all cards" on the school record, so they wait too.
 */
export function cardState(card: DashboardCard, hasSchool: boolean): CardState {
  if (card.key !== 'school-management' && !hasSchool) return { card, enabled: false, badge: 'School Info Required' };
  if (!card.href) return { card, enabled: false, badge: 'Coming soon' };
  return { card, enabled: true, badge: null };
}

/** The sections a role sees; a hidden card shows only when the school turned its feature on. */
export function visibleSections(role: string, features: { prospects?: boolean } = {}): DashboardSection[] {
  return DASHBOARD_SECTIONS.filter((s) => !s.superuserOnly || role === 'superuser').map((s) => ({
    ...s,
    cards: s.cards.filter((c) => !c.hidden || (c.feature !== undefined && features[c.feature] === true)),
  }));
}
