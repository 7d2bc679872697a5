'use client';

import { useState } from 'react';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ResponsiveSections, type Section } from '@/components/ui/responsive-sections';
import { loadCurrentKey } from './current-key';
import { LiveSettingsPanel } from '@/components/live/live-settings-panel';
import { useScreenData } from '@/lib/web/screen-data';
import { AnalyticsPanel } from './analytics-panel';
import { ApiKeyPanel } from './api-key-panel';
import { LeadGenPanel } from './lead-gen-panel';
import { LoggingSetup } from './logging-setup';
import { LogsPanel } from './logs-panel';
import { StylingPanel } from './styling-panel';
import { TestChat } from './test-chat';

/**
 * API Key always; Styling and Lead Gen only once an API key exists (the
 * current-key call decides, shared with the API Key tab); Live Chat; Logging, Logs and Analytics;
 * a Testing tab with no button of its own (reached from the API Key tab). On narrow screens an
 * accordion in the order Setup, API Key, Styling, Lead Gen, Live Chat, Logs, Analytics, API Key open first.
 */
export function ChatbotManagement({ schoolName, canErase = false }: { schoolName: string | null; canErase?: boolean }) {
  const [tab, setTab] = useState('api-key');
  // The same answer the API Key tab loads and updates when it generates a key.
  const key = useScreenData(schoolName ? 'chatbot-key' : null, loadCurrentKey);
  const hasKey = Boolean(key.data);
  if (!schoolName) {
    return (
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        <BackToDashboard />
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Chatbot Management</h1>
        <Banner tone="info">Please create your school information first before setting up the chatbot.</Banner>
      </div>
    );
  }
  const sections: Section[] = [
    { id: 'api-key', title: 'API Key', content: <ApiKeyPanel schoolName={schoolName} onTest={() => setTab('testing')} /> },
    // What shapes the widget waits for a key (there is no widget without one).
    ...(hasKey
      ? [
          { id: 'styling', title: 'Styling', content: <StylingPanel /> },
          { id: 'lead-gen', title: 'Lead Gen', content: <LeadGenPanel /> },
          { id: 'live-chat', title: 'Live Chat', content: <LiveSettingsPanel /> },
        ]
      : []),
    { id: 'setup', title: 'Logging', narrowTitle: 'Setup', content: <LoggingSetup /> },
    { id: 'logs', title: 'Logs', content: <LogsPanel canErase={canErase} /> },
    { id: 'analytics', title: 'Analytics', content: <AnalyticsPanel /> },
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
      <ResponsiveSections label="Chatbot Management" sections={sections} single value={tab} onValueChange={setTab} narrowOrder={['setup', 'api-key', 'styling', 'lead-gen', 'live-chat', 'logs', 'analytics']} />
    </div>
  );
}
