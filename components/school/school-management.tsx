'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { createSchoolAction } from '@/app/actions/school';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { FeatureSwitches } from './feature-switches';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { NARROW, useMediaQuery } from '@/components/ui/use-media-query';
import type { SchoolView } from '@/lib/schools/present';
import { callAction } from '@/lib/web/api';
import { SelectField } from '@/components/ui/select';
import { INSTITUTION_CONTROLS, SECTIONS, type SectionKey } from '@/lib/schools/schema';

import { BasicForm, BasicSection, basicDraft, BrandingSection, ClassificationSection, ContactSection, LABELS, SocialSection, TuitionSection } from './sections';

const NO_SCHOOL_MESSAGE = 'No school information available. Enter details of your school here.';
const CHOOSE_CONTROL = 'Choose public or private';

/** Wide screens: a card per section. 768 px or less: an accordion with School Info open. */
function Section({ id, narrow, children }: { id: SectionKey; narrow: boolean; children: ReactNode }) {
  const title = SECTIONS[id].label;
  if (narrow) {
    return (
      <details open={id === 'basic'} className="group rounded-xl border border-slate-200 dark:border-slate-700" data-testid={`section-${id}`}>
        <summary className="cursor-pointer list-none px-4 py-3 text-lg font-semibold marker:hidden">
          <span className="flex items-center justify-between">
            {title}
            <span aria-hidden="true" className="transition group-open:rotate-180">
              ▾
            </span>
          </span>
        </summary>
        <div className="border-t border-slate-200 p-4 dark:border-slate-700">{children}</div>
      </details>
    );
  }
  return (
    <section aria-labelledby={`section-${id}-title`} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700" data-testid={`section-${id}`}>
      <h2 id={`section-${id}-title`} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CreateSchool({ narrow }: { narrow: boolean }) {
  const router = useRouter();
  const [draft, setDraftState] = useState(basicDraft(null));
  // Nothing preselected: a private college is never saved as public because nobody looked (issue 48).
  const [control, setControl] = useState<(typeof INSTITUTION_CONTROLS)[number] | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.name.trim()) return setError('Name is required');
    if (!control) return setError(CHOOSE_CONTROL);
    setBusy(true);
    const res = await callAction(
      () => createSchoolAction({ body: { name: draft.name, locations: draft.locations.map((l) => l.trim()).filter(Boolean), website_url: draft.website_url, mascot: draft.mascot, time_zone: draft.time_zone, institution_control: control } }),
      'An error occurred updating basic information',
    );
    setBusy(false);
    if (!res.ok) return setError(res.error);
    router.refresh();
  }

  return (
    <>
      <Banner tone="info">{NO_SCHOOL_MESSAGE}</Banner>
      <Section id="basic" narrow={narrow}>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {error && <Banner tone="error">{error}</Banner>}
          <BasicForm draft={draft} setDraft={(update) => setDraftState((d) => update(d))} />
          <SelectField label="Institution control" required value={control} onChange={(e) => setControl(e.target.value as typeof control)}>
            <option value="" disabled>
              {CHOOSE_CONTROL}
            </option>
            {INSTITUTION_CONTROLS.map((c) => (
              <option key={c} value={c}>
                {LABELS.control[c]}
              </option>
            ))}
          </SelectField>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            New schools start as a non-profit four-year institution awarding bachelor degrees; change any of it once the school exists.
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            You work in the school you create, as every account of it does, live chat with visitors included. Give your colleagues accounts of their own under User Management.
          </p>
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating...' : 'Create School'}
            </Button>
          </div>
        </form>
      </Section>
    </>
  );
}

export function SchoolManagement({ initialSchool, loadError, features }: { initialSchool: SchoolView | null; loadError: boolean; features?: { prospectsEnabled: boolean } | null }) {
  const narrow = useMediaQuery(NARROW);
  const [school, setSchool] = useState(initialSchool);
  // A new school arrives from the server after router.refresh().
  const [seen, setSeen] = useState(initialSchool);
  if (initialSchool !== seen) {
    setSeen(initialSchool);
    setSchool(initialSchool);
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">School Management</h1>
      {loadError ? (
        <Banner tone="error">Failed to load school information</Banner>
      ) : !school ? (
        <CreateSchool narrow={narrow} />
      ) : (
        <div className="space-y-4">
          <Section id="basic" narrow={narrow}>
            <BasicSection school={school} onSaved={setSchool} />
          </Section>
          <Section id="classification" narrow={narrow}>
            <ClassificationSection school={school} onSaved={setSchool} />
          </Section>
          <Section id="branding" narrow={narrow}>
            <BrandingSection school={school} onSaved={setSchool} />
          </Section>
          <Section id="contact" narrow={narrow}>
            <ContactSection school={school} onSaved={setSchool} />
          </Section>
          <Section id="tuition" narrow={narrow}>
            <TuitionSection school={school} onSaved={setSchool} />
          </Section>
          <Section id="social" narrow={narrow}>
            <SocialSection school={school} onSaved={setSchool} />
          </Section>
          {features && <FeatureSwitches prospectsEnabled={features.prospectsEnabled} />}
        </div>
      )}
    </div>
  );
}
