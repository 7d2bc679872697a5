'use client';

import * as Tabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import { NARROW, useMediaQuery } from './use-media-query';

export type Section = {
  id: string;
  title: string;
  content: ReactNode;
  /** Shown but not selectable, with `note` beside the title (e.g. 'Coming soon'). */
  disabled?: boolean;
  note?: string;
  /** Reached only by `value` (no tab or accordion button of its own). */
  navHidden?: boolean;
  /** The accordion's title when it differs from the tab's. */
  narrowTitle?: string;
};

const tabClass =
  'rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:border-brand-700 data-[state=active]:text-slate-950 data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-500 dark:text-slate-300 dark:data-[state=active]:text-white dark:data-[disabled]:text-slate-500';

function Note({ text }: { text?: string }) {
  return text ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-700 dark:bg-slate-800 dark:text-slate-300">{text}</span> : null;
}

/**
 * Tabs on wide screens (the first section selected); at 768 px or less an accordion whose panels
 * open one at a time (`single`) or several at once, in `narrowOrder` when given. `value` and
 * `onValueChange` let a screen switch sections itself.
 */
export function ResponsiveSections({
  label,
  sections,
  single,
  narrowOrder,
  value,
  onValueChange,
}: {
  label: string;
  sections: Section[];
  single: boolean;
  narrowOrder?: string[];
  value?: string;
  onValueChange?: (id: string) => void;
}) {
  const narrow = useMediaQuery(NARROW);
  const first = sections.find((s) => !s.disabled && !s.navHidden)!.id;
  const [own, setOwn] = useState(first);
  const active = value ?? own;
  const select = (id: string) => (onValueChange ? onValueChange(id) : setOwn(id));
  const [open, setOpen] = useState<string[]>([first]);
  if (!narrow) {
    return (
      <Tabs.Root value={active} onValueChange={select}>
        <Tabs.List aria-label={label} className="flex flex-wrap gap-2 border-b border-slate-200 dark:border-slate-700">
          {sections
            .filter((s) => !s.navHidden)
            .map((s) => (
              <Tabs.Trigger key={s.id} value={s.id} disabled={s.disabled} className={tabClass}>
                {s.title}
                <Note text={s.note} />
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
  const ordered = narrowOrder ? narrowOrder.map((id) => sections.find((s) => s.id === id)!).filter(Boolean) : sections;
  const hiddenActive = sections.find((s) => s.navHidden && s.id === active);
  const toggle = (id: string) => setOpen((o) => (o.includes(id) ? o.filter((x) => x !== id) : single ? [id] : [...o, id]));
  return (
    <div className="space-y-3">
      {hiddenActive && (
        <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h2 className="mb-3 font-semibold">{hiddenActive.narrowTitle ?? hiddenActive.title}</h2>
          {hiddenActive.content}
        </section>
      )}
      {ordered
        .filter((s) => !s.navHidden)
        .map((s) => (
          <section key={s.id} className="rounded-xl border border-slate-200 dark:border-slate-700">
            <h2>
              <button
                type="button"
                aria-expanded={open.includes(s.id)}
                disabled={s.disabled}
                className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold disabled:cursor-not-allowed disabled:text-slate-500"
                onClick={() => toggle(s.id)}
              >
                <span>
                  {s.narrowTitle ?? s.title}
                  <Note text={s.note} />
                </span>
                {!s.disabled && (
                  // The same open/closed mark as School Management's sections.
                  <span aria-hidden="true" data-testid="accordion-chevron" className={`transition ${open.includes(s.id) ? 'rotate-180' : ''}`}>
                    ▾
                  </span>
                )}
              </button>
            </h2>
            {open.includes(s.id) && !s.disabled && <div className="border-t border-slate-200 p-4 dark:border-slate-700">{s.content}</div>}
          </section>
        ))}
    </div>
  );
}
