'use client';

import * as Tabs from '@radix-ui/react-tabs';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Button } from '@/components/ui/button';

// Campaigns is a placeholder. Three tabs, each empty, and the Create buttons disabled.
const TABS = [
  { value: 'active', label: 'Active Campaigns', empty: 'No active campaigns yet.', create: 'Create Campaign' },
  { value: 'templates', label: 'Templates', empty: 'No templates yet.', create: 'Create Template' },
  { value: 'analytics', label: 'Analytics', empty: 'Campaign analytics will appear here once campaigns run.', create: null },
] as const;

const tabClass =
  'rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 dark:text-slate-300 dark:data-[state=active]:text-white';

export function Campaigns() {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Campaigns</h1>
      <Tabs.Root defaultValue="active">
        <Tabs.List aria-label="Campaign views" className="flex gap-2 border-b border-slate-200 dark:border-slate-700">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className={tabClass}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="pt-6">
            <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t.label}</h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t.empty}</p>
              {t.create && (
                <Button className="mt-4" disabled>
                  {t.create}
                </Button>
              )}
            </div>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
