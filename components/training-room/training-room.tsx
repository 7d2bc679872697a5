'use client';

import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { NARROW, useMediaQuery } from '@/components/ui/use-media-query';
import { ActionPrompts } from './action-prompts';
import { FactSheet } from './fact-sheet';
import { FileUploads } from './file-uploads';
import { Interviews } from './interviews';
import { WebLinks } from './web-links';

type Area = { id: string; title: string; content: ReactNode };

const AREAS: Area[] = [
  { id: 'fact-sheet', title: 'Fact Sheet', content: <FactSheet /> },
  { id: 'web-links', title: 'Web Links', content: <WebLinks /> },
  { id: 'file-uploads', title: 'File Uploads', content: <FileUploads /> },
  { id: 'interviews', title: 'Interviews', content: <Interviews /> },
  { id: 'action-prompts', title: 'Action Prompts', content: <ActionPrompts /> },
];

const tabClass =
  'rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:border-brand-700 data-[state=active]:text-slate-950 dark:text-slate-300 dark:data-[state=active]:text-white';

/** Five areas: tabs on wide screens (Fact Sheet first), a multi-open accordion at 768 px or less. */
export function TrainingRoom() {
  const narrow = useMediaQuery(NARROW);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Training Room</h1>
      <p className="text-slate-700 dark:text-slate-300">Everything here becomes knowledge your assistant answers from.</p>
      {narrow ? (
        <div className="space-y-3">
          {AREAS.map((a) => (
            <details key={a.id} open={a.id === 'fact-sheet'} className="rounded-xl border border-slate-200 dark:border-slate-700">
              <summary className="cursor-pointer px-4 py-3 font-semibold">{a.title}</summary>
              <div className="border-t border-slate-200 p-4 dark:border-slate-700">{a.content}</div>
            </details>
          ))}
        </div>
      ) : (
        <Tabs.Root defaultValue="fact-sheet">
          <Tabs.List aria-label="Training Room" className="flex flex-wrap gap-2 border-b border-slate-200 dark:border-slate-700">
            {AREAS.map((a) => (
              <Tabs.Trigger key={a.id} value={a.id} className={tabClass}>
                {a.title}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {AREAS.map((a) => (
            <Tabs.Content key={a.id} value={a.id} className="pt-6">
              {a.content}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </div>
  );
}
