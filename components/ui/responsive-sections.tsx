'use client';

import * as Tabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import { NARROW, useMediaQuery } from './use-media-query';

export type Section = { id: string; title: string; content: ReactNode };

const tabClass =
  'rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:border-brand-700 data-[state=active]:text-slate-950 dark:text-slate-300 dark:data-[state=active]:text-white';

/**
 * Tabs on wide screens (the first section selected); at 768 px or less an accordion whose panels
 * open one at a time (`single`) or several at once.
 */
export function ResponsiveSections({ label, sections, single }: { label: string; sections: Section[]; single: boolean }) {
  const narrow = useMediaQuery(NARROW);
  const first = sections[0]!.id;
  const [open, setOpen] = useState<string[]>([first]);
  if (!narrow) {
    return (
      <Tabs.Root defaultValue={first}>
        <Tabs.List aria-label={label} className="flex flex-wrap gap-2 border-b border-slate-200 dark:border-slate-700">
          {sections.map((s) => (
            <Tabs.Trigger key={s.id} value={s.id} className={tabClass}>
              {s.title}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {sections.map((s) => (
          <Tabs.Content key={s.id} value={s.id} className="pt-6">
            {s.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    );
  }
  const toggle = (id: string) => setOpen((o) => (o.includes(id) ? o.filter((x) => x !== id) : single ? [id] : [...o, id]));
  return (
    <div className="space-y-3">
      {sections.map((s) => (
        <section key={s.id} className="rounded-xl border border-slate-200 dark:border-slate-700">
          <h2>
            <button type="button" aria-expanded={open.includes(s.id)} className="w-full px-4 py-3 text-left font-semibold" onClick={() => toggle(s.id)}>
              {s.title}
            </button>
          </h2>
          {open.includes(s.id) && <div className="border-t border-slate-200 p-4 dark:border-slate-700">{s.content}</div>}
        </section>
      ))}
    </div>
  );
}
