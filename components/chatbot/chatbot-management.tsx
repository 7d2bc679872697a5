'use client';

import { useState } from 'react';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ResponsiveSections, type Section } from '@/components/ui/responsive-sections';
import { ApiKeyPanel } from './api-key-panel';
import { TestChat } from './test-chat';

const SOON = 'Coming soon';

/**
 * Spec 002 §2.1: API Key always; Styling and Lead Gen (not built: 'Coming soon' with or without a key); Logging, Logs and Analytics;
 * a Testing tab with no button of its own (reached from the API Key tab). On narrow screens an
 * accordion in the order Setup, API Key, Styling, Lead Gen, Logs, Analytics, API Key open first.
 */
export function ChatbotManagement({ schoolName }: { schoolName: string | null }) {
  const [tab, setTab] = useState('api-key');
  if (!schoolName) {
    return (
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
        <BackToDashboard />
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Chatbot Management</h1>
        <Banner tone="info">Please create your school information first before setting up the chatbot.</Banner>
      </div>
    );
  }
  const later = (id: string, title: string, narrowTitle?: string): Section => ({ id, title, narrowTitle, content: null, disabled: true, note: SOON });
  const sections: Section[] = [
    { id: 'api-key', title: 'API Key', content: <ApiKeyPanel schoolName={schoolName} onTest={() => setTab('testing')} /> },
    // Not built yet whether or not a key exists: one honest note, not a promise that a key unlocks them.
    later('styling', 'Styling'),
    later('lead-gen', 'Lead Gen'),
    later('setup', 'Logging', 'Setup'),
    later('logs', 'Logs'),
    later('analytics', 'Analytics'),
    {
      id: 'testing',
      title: 'Testing',
      narrowTitle: 'Chat Widget Testing',
      navHidden: true,
      content: (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold">Chat Widget Testing</h2>
            <Button variant="secondary" onClick={() => setTab('api-key')}>
              Back to API Key
            </Button>
          </div>
          <TestChat schoolName={schoolName} />
        </div>
      ),
    },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Chatbot Management</h1>
      <ResponsiveSections label="Chatbot Management" sections={sections} single value={tab} onValueChange={setTab} narrowOrder={['setup', 'api-key', 'styling', 'lead-gen', 'logs', 'analytics']} />
    </div>
  );
}
