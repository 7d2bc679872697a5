import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardState, dashboardSections, NAV_SCREENS, SCREENS, type Screen } from '@/lib/web/screens';

// The staff screens' registry (lib/web/screens.ts): the dashboard's cards, the header's links and
// who may open each screen, read from one list; every page under app/(staff)/dashboard is in it.

const root = path.resolve(__dirname, '../..');
const dashboardDir = path.join(root, 'app/(staff)/dashboard');

const cardKeys = (role: string, features: { prospects?: boolean } = {}) => dashboardSections(role, features).map((s) => [s.title, s.cards.map((c) => c.key)]);

describe('staff screens', () => {
  it('every screen page opens through its own registry entry, and every entry has its page', () => {
    const pages = fs
      .readdirSync(dashboardDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('['))
      .map((e) => e.name);
    const keyOfPath = new Map(Object.entries(SCREENS).map(([key, s]) => [s.path, key]));
    for (const dir of ['', ...pages]) {
      const key = keyOfPath.get(dir ? `/dashboard/${dir}` : '/dashboard');
      expect(key, `no registry entry for /dashboard/${dir}`).toBeDefined();
      const source = fs.readFileSync(path.join(dashboardDir, dir, 'page.tsx'), 'utf8');
      expect(source).toContain(`screenMetadata('${key}')`);
      expect(source).toContain(`staffScreen('${key}'`);
      // The session is the registry's check, never one written by hand.
      expect(source).not.toMatch(/getStaffSession|staffSession\(/);
    }
    expect(pages.length + 1).toBe(Object.keys(SCREENS).length);
  });

  it('lists the cards by section, Admin Tools for superusers, a feature’s cards once it is on', () => {
    const common = [
      ['Build Your Knowledge Base', ['school-management', 'training-room', 'ai-customization']],
      ['Start Your AI Engines', ['chatbot', 'live-chat', 'crm-setup']],
      ['Harness the Power of Your AI', ['leads', 'reports']],
    ];
    // Privacy and single sign-on are for the school's administrators: a user role has no card for them.
    const administrators = [...common.slice(0, 2), ['Harness the Power of Your AI', ['leads', 'reports', 'privacy', 'single-sign-on']]];
    expect(cardKeys('admin')).toEqual(administrators);
    expect(cardKeys('user')).toEqual(common);
    expect(cardKeys('superuser')).toEqual([...administrators, ['Admin Tools', ['user-management', 'scheduler-dashboard', 'audit-log', 'advanced-reports']]]);
    expect(cardKeys('admin', { prospects: true })[2]).toEqual(['Harness the Power of Your AI', ['leads', 'reports', 'manage-prospects', 'campaigns', 'privacy', 'single-sign-on']]);
    expect(cardKeys('user', { prospects: true })[2]).toEqual(['Harness the Power of Your AI', ['leads', 'reports', 'manage-prospects', 'campaigns']]);
    const chatbot = dashboardSections('user')[1]!.cards[0]!;
    expect(chatbot).toMatchObject({ title: 'Chatbot', href: '/dashboard/chatbot', description: 'Configure the website chat widget and review conversation logs.' });
  });

  it('every card but School Management waits for the school record', () => {
    for (const card of dashboardSections('superuser').flatMap((s) => s.cards)) {
      expect(cardState(card, true)).toEqual({ enabled: true, badge: null });
      expect(cardState(card, false), card.key).toEqual(card.key === 'school-management' ? { enabled: true, badge: null } : { enabled: false, badge: 'School Info Required' });
    }
  });

  it('the header links to Live Chat', () => {
    expect(NAV_SCREENS.map((s) => [s.path, s.title])).toEqual([['/dashboard/live', 'Live Chat']]);
  });

  it('superusers open every screen; admins User Management with a school; users neither', () => {
    const screens: [string, Screen][] = Object.entries(SCREENS);
    // Screens without a rule open for everyone signed in; these are the ones with a rule that let the viewer in.
    const opens = (role: string, schoolId: number | null) => screens.filter(([, s]) => s.access?.allows({ role, schoolId })).map(([key]) => key);
    expect(opens('superuser', null)).toEqual(['users', 'scheduler', 'audit-log', 'advanced-reports']);
    expect(opens('admin', 1)).toEqual(['users', 'audit-log', 'privacy', 'sso']);
    expect(opens('admin', null)).toEqual([]);
    expect(opens('user', 1)).toEqual([]);
  });
});
