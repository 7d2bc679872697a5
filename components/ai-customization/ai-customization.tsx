'use client';

import * as Tabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { NARROW, useMediaQuery } from '@/components/ui/use-media-query';
import { PersonaPanel, PersonalityPanel, VoicePanel } from './panels';
import { SpecialInstructions } from './special-instructions';

const AREAS: { id: string; title: string; content: ReactNode }[] = [
  { id: 'persona', title: 'Persona', content: <PersonaPanel /> },
  { id: 'voice', title: 'Voice', content: <VoicePanel /> },
  { id: 'personality', title: 'Personality', content: <PersonalityPanel /> },
  { id: 'special-instructions', title: 'Special Instructions', content: <SpecialInstructions /> },
];

const tabClass =
  'rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:border-brand-700 data-[state=active]:text-slate-950 dark:text-slate-300 dark:data-[state=active]:text-white';

/** Tabs on wide screens; at 768 px or less an accordion with one panel open at a time (spec 001 §2.3). */
export function AiCustomization() {
  const narrow = useMediaQuery(NARROW);
  const [open, setOpen] = useState('persona');
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">AI Customization</h1>
      {narrow ? (
        <div className="space-y-3">
          {AREAS.map((a) => (
            <section key={a.id} className="rounded-xl border border-slate-200 dark:border-slate-700">
              <h2>
                <button type="button" aria-expanded={open === a.id} className="w-full px-4 py-3 text-left font-semibold" onClick={() => setOpen(open === a.id ? '' : a.id)}>
                  {a.title}
                </button>
              </h2>
              {open === a.id && <div className="border-t border-slate-200 p-4 dark:border-slate-700">{a.content}</div>}
            </section>
          ))}
        </div>
      ) : (
        <Tabs.Root defaultValue="persona">
          <Tabs.List aria-label="AI Customization" className="flex flex-wrap gap-2 border-b border-slate-200 dark:border-slate-700">
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
