'use client';

import { useRef, useState, useSyncExternalStore } from 'react';
import { uploadLogoAction } from '@/app/actions/school';
import { Button } from '@/components/ui/button';
import { inputClass, TextArea, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import type { SchoolView } from '@/lib/schools/present';
import { CLASSIFICATIONS, DEFAULT_TIME_ZONE, DEGREE_LEVELS, FONT_FAMILIES, INSTITUTION_CONTROLS, SOCIAL_NETWORKS, TAX_STATUSES, timeZoneOptions } from '@/lib/schools/schema';
import { EditableSection, Facts, type SectionFormProps } from './editable-section';
import { StringListEditor } from './list-editor';
import { callAction } from '@/lib/web/api';
import { IMAGE_TYPES } from '@/lib/storage/image-type';

export const LABELS = {
  classification: { '2_year': '2-Year', '4_year': '4-Year', mixed: 'Mixed' } as Record<string, string>,
  degree: { certificate: 'Certificate', associate: 'Associate', bachelor: 'Bachelor', master: 'Master', doctorate: 'Doctorate' } as Record<string, string>,
  control: { public: 'Public', private: 'Private' } as Record<string, string>,
  tax: { non_profit: 'Non-profit', for_profit: 'For-profit' } as Record<string, string>,
};

type Saved = { school: SchoolView; onSaved: (s: SchoolView) => void };

// School Info -----------------------------------------------------------------------------------

export type BasicDraft = { name: string; locations: string[]; website_url: string; mascot: string; time_zone: string };
export const basicDraft = (s: Pick<SchoolView, 'name' | 'locations' | 'website_url' | 'mascot' | 'time_zone'> | null): BasicDraft => ({
  name: s?.name ?? '',
  locations: s?.locations.length ? [...s.locations] : [''],
  website_url: s?.website_url ?? '',
  mascot: s?.mascot ?? '',
  time_zone: s?.time_zone ?? DEFAULT_TIME_ZONE,
});

const noSubscription = () => () => {};
let zoneList: string[] | null = null;
const browserZones = () => (zoneList ??= timeZoneOptions());
const NO_ZONES: string[] = [];
const noZones = () => NO_ZONES;

/** The zone the school's report days are counted in. */
function TimeZoneField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  // The browser's own list, after hydration (the server's ICU may list other names).
  const list = useSyncExternalStore(noSubscription, browserZones, noZones);
  const zones = list.includes(value) ? list : [value, ...list];
  return (
    <div>
      <SelectField label="Time zone" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby="time-zone-hint">
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replace(/_/g, ' ')}
          </option>
        ))}
      </SelectField>
      <p id="time-zone-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Reports count your school&apos;s days in this zone.
      </p>
    </div>
  );
}

export function BasicForm({ draft, setDraft }: SectionFormProps<BasicDraft>) {
  return (
    <>
      <TextField label="School name" required value={draft.name} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} />
      <StringListEditor label="Locations" values={draft.locations} onChange={(locations) => setDraft((d) => ({ ...d, locations }))} placeholder="Campus name and address" />
      <TextField label="Website" type="url" placeholder="https://www.example.edu" value={draft.website_url} onChange={(e) => setDraft((d) => ({ ...d, website_url: e.target.value }))} />
      <TextField label="Mascot" value={draft.mascot} onChange={(e) => setDraft((d) => ({ ...d, mascot: e.target.value }))} />
      <TimeZoneField value={draft.time_zone} onChange={(time_zone) => setDraft((d) => ({ ...d, time_zone }))} />
    </>
  );
}

export function BasicSection({ school, onSaved }: Saved) {
  return (
    <EditableSection
      section="basic"
      school={school}
      toDraft={basicDraft}
      toPayload={(d) => ({ ...d, locations: d.locations.map((l) => l.trim()).filter(Boolean) })}
      Form={BasicForm}
      onSaved={onSaved}
      view={
        <Facts
          items={[
            ['School name', school.name],
            ['Locations', school.locations.length ? <ul>{school.locations.map((l) => <li key={l}>{l}</li>)}</ul> : null],
            ['Website', school.website_url ? <a className="text-brand-800 underline dark:text-brand-300" href={school.website_url} target="_blank" rel="noopener noreferrer">{school.website_url}</a> : null],
            ['Mascot', school.mascot],
            ['Time zone', school.time_zone.replace(/_/g, ' ')],
          ]}
        />
      }
    />
  );
}

// Classification --------------------------------------------------------------------------------

type ClassificationDraft = { classification: string; degree_levels: string[]; institution_control: string; tax_status: string; religious_affiliation: string; accreditation_info: string };

function ClassificationForm({ draft, setDraft }: SectionFormProps<ClassificationDraft>) {
  const set = (k: keyof ClassificationDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Classification" required value={draft.classification} onChange={set('classification')}>
          {CLASSIFICATIONS.map((c) => <option key={c} value={c}>{LABELS.classification[c]}</option>)}
        </SelectField>
        <SelectField label="Institution control" required value={draft.institution_control} onChange={set('institution_control')}>
          {INSTITUTION_CONTROLS.map((c) => <option key={c} value={c}>{LABELS.control[c]}</option>)}
        </SelectField>
        <SelectField label="Tax status" required value={draft.tax_status} onChange={set('tax_status')}>
          {TAX_STATUSES.map((c) => <option key={c} value={c}>{LABELS.tax[c]}</option>)}
        </SelectField>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Degree levels (at least one)</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {DEGREE_LEVELS.map((level) => (
            <label key={level} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={draft.degree_levels.includes(level)}
                onChange={(e) => setDraft((d) => ({ ...d, degree_levels: e.target.checked ? [...d.degree_levels, level] : d.degree_levels.filter((x) => x !== level) }))}
              />
              {LABELS.degree[level]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label="Religious affiliation" value={draft.religious_affiliation} onChange={set('religious_affiliation')} />
      <TextArea label="Accreditation" rows={3} value={draft.accreditation_info} onChange={set('accreditation_info')} />
    </>
  );
}

export function ClassificationSection({ school, onSaved }: Saved) {
  return (
    <EditableSection
      section="classification"
      school={school}
      toDraft={(s) => ({
        classification: s.classification,
        degree_levels: [...s.degree_levels],
        institution_control: s.institution_control,
        tax_status: s.tax_status,
        religious_affiliation: s.religious_affiliation ?? '',
        accreditation_info: s.accreditation_info ?? '',
      })}
      toPayload={(d) => d}
      Form={ClassificationForm}
      onSaved={onSaved}
      view={
        <Facts
          items={[
            ['Classification', LABELS.classification[school.classification]],
            ['Degree levels', school.degree_levels.map((d) => LABELS.degree[d]).join(', ')],
            ['Institution control', LABELS.control[school.institution_control]],
            ['Tax status', LABELS.tax[school.tax_status]],
            ['Religious affiliation', school.religious_affiliation],
            ['Accreditation', school.accreditation_info],
          ]}
        />
      }
    />
  );
}

// Branding --------------------------------------------------------------------------------------

type BrandingDraft = { primary_color: string; secondary_color: string; tertiary_color: string; font_family: string };

function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <div>
      <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">{label}</span>
      <div className="mt-1 flex items-center gap-2">
        <input type="color" aria-label={`${label} picker`} className="h-10 w-12 cursor-pointer rounded border border-slate-300" value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'} onChange={(e) => onChange(e.target.value)} />
        <input aria-label={label} className={`${inputClass} mt-0 font-mono`} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    </div>
  );
}

function Swatch({ colour }: { colour: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="inline-block h-4 w-4 rounded border border-slate-300" style={{ backgroundColor: colour }} />
      <span className="font-mono">{colour}</span>
    </span>
  );
}

function LogoPicker({ current, preview, inputRef, onPick }: { current: string | null; preview: string | null; inputRef: React.RefObject<HTMLInputElement | null>; onPick: (f: File | null) => void }) {
  const shown = preview ?? current;
  return (
    <div>
      <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">Logo</span>
      <div className="mt-1 flex items-center gap-4">
        {shown ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={shown} alt="Logo preview" className="h-20 w-20 rounded border border-slate-200 object-contain" />
        ) : (
          <span className="flex h-20 w-20 items-center justify-center rounded border border-dashed border-slate-300 text-xs text-slate-600">No logo</span>
        )}
        <div>
          <input ref={inputRef} type="file" accept={IMAGE_TYPES.join(',')} aria-label="Logo file" className="block text-sm" onChange={(e) => onPick(e.target.files?.[0] ?? null)} />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Recommended: Square image, PNG or JPG format</p>
        </div>
      </div>
    </div>
  );
}

function BrandingForm({ draft, setDraft }: SectionFormProps<BrandingDraft>) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <ColourField label="Primary colour" value={draft.primary_color} onChange={(v) => setDraft((d) => ({ ...d, primary_color: v }))} />
        <ColourField label="Secondary colour" value={draft.secondary_color} onChange={(v) => setDraft((d) => ({ ...d, secondary_color: v }))} />
        <ColourField label="Tertiary colour" value={draft.tertiary_color} onChange={(v) => setDraft((d) => ({ ...d, tertiary_color: v }))} />
      </div>
      <SelectField label="Font" value={draft.font_family} onChange={(e) => setDraft((d) => ({ ...d, font_family: e.target.value }))}>
        {FONT_FAMILIES.map((f) => <option key={f} value={f}>{f}</option>)}
      </SelectField>
    </>
  );
}

export function BrandingSection({ school, onSaved }: Saved) {
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  return (
    <EditableSection
      section="branding"
      school={school}
      toDraft={(s) => ({ primary_color: s.primary_color, secondary_color: s.secondary_color, tertiary_color: s.tertiary_color, font_family: s.font_family })}
      toPayload={(d) => d}
      Form={BrandingForm}
      formTop={
        <LogoPicker
          current={school.logo_url}
          preview={preview}
          inputRef={fileInput}
          onPick={(f) => {
            setLogoFile(f);
            setPreview(f ? URL.createObjectURL(f) : null);
          }}
        />
      }
      beforeSave={async () => {
        if (!logoFile) return null;
        const form = new FormData();
        form.append('file', logoFile);
        const res = await callAction(() => uploadLogoAction(form));
        // A failed upload puts the previous logo back in the preview.
        setPreview(null);
        if (!res.ok) return res.error;
        setLogoFile(null);
        if (fileInput.current) fileInput.current.value = '';
        onSaved(res.data);
        return null;
      }}
      onSaved={onSaved}
      view={
        <div className="flex flex-col gap-4 sm:flex-row">
          {school.logo_url ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={school.logo_url} alt={`${school.name} logo`} className="h-24 w-24 rounded border border-slate-200 object-contain" />
          ) : (
            <span className="flex h-24 w-24 items-center justify-center rounded border border-dashed border-slate-300 text-xs text-slate-600 dark:text-slate-400">No logo</span>
          )}
          <Facts
            items={[
              ['Primary colour', <Swatch key="p" colour={school.primary_color} />],
              ['Secondary colour', <Swatch key="s" colour={school.secondary_color} />],
              ['Tertiary colour', <Swatch key="t" colour={school.tertiary_color} />],
              ['Font', <span key="f" style={{ fontFamily: school.font_family }}>{school.font_family}</span>],
            ]}
          />
        </div>
      }
    />
  );
}

// Contact Info ----------------------------------------------------------------------------------

type Contact = { name: string; phone: string; email: string; website: string };
const emptyContact: Contact = { name: '', phone: '', email: '', website: '' };

function ContactForm({ draft, setDraft }: SectionFormProps<Contact[]>) {
  const set = (i: number, k: keyof Contact, v: string) => setDraft((d) => d.map((c, j) => (j === i ? { ...c, [k]: v } : c)));
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Contact points</legend>
      {draft.map((c, i) => (
        <div key={i} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
          <TextField label={`Contact ${i + 1} name`} value={c.name} onChange={(e) => set(i, 'name', e.target.value)} />
          <TextField label={`Contact ${i + 1} phone`} type="tel" value={c.phone} onChange={(e) => set(i, 'phone', e.target.value)} />
          <TextField label={`Contact ${i + 1} e-mail`} type="email" value={c.email} onChange={(e) => set(i, 'email', e.target.value)} />
          <TextField label={`Contact ${i + 1} website`} type="url" value={c.website} onChange={(e) => set(i, 'website', e.target.value)} />
          <div className="sm:col-span-2">
            <Button variant="secondary" onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}>
              Remove contact {i + 1}
            </Button>
          </div>
        </div>
      ))}
      <Button variant="secondary" onClick={() => setDraft((d) => [...d, { ...emptyContact }])}>
        Add contact point
      </Button>
    </fieldset>
  );
}

export function ContactSection({ school, onSaved }: Saved) {
  return (
    <EditableSection
      section="contact"
      school={school}
      toDraft={(s) => (s.contact_points.length ? s.contact_points.map((c) => ({ name: c.name ?? '', phone: c.phone ?? '', email: c.email ?? '', website: c.website ?? '' })) : [{ ...emptyContact }])}
      toPayload={(d) => ({ contact_points: d })}
      Form={ContactForm}
      onSaved={onSaved}
      view={
        school.contact_points.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">No contact points yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {school.contact_points.map((c, i) => (
              <li key={i} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
                <p className="font-medium">{c.name || 'Contact'}</p>
                {c.phone && <p>{c.phone}</p>}
                {c.email && <p>{c.email}</p>}
                {c.website && <p className="break-all">{c.website}</p>}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}

// Tuition ---------------------------------------------------------------------------------------

type TuitionDraft = { tuition_info: string; tuition_instructions: string };

function TuitionForm({ draft, setDraft }: SectionFormProps<TuitionDraft>) {
  return (
    <>
      <TextArea label="Tuition information" rows={5} value={draft.tuition_info} onChange={(e) => setDraft((d) => ({ ...d, tuition_info: e.target.value }))} />
      <TextArea
        label="Instructions for the assistant on tuition questions"
        rows={3}
        value={draft.tuition_instructions}
        onChange={(e) => setDraft((d) => ({ ...d, tuition_instructions: e.target.value }))}
      />
    </>
  );
}

export function TuitionSection({ school, onSaved }: Saved) {
  return (
    <EditableSection
      section="tuition"
      school={school}
      toDraft={(s) => ({ tuition_info: s.tuition_info ?? '', tuition_instructions: s.tuition_instructions ?? '' })}
      toPayload={(d) => d}
      Form={TuitionForm}
      onSaved={onSaved}
      view={
        <Facts
          items={[
            ['Tuition information', school.tuition_info ? <span className="whitespace-pre-wrap">{school.tuition_info}</span> : null],
            ['Assistant instructions', school.tuition_instructions],
          ]}
        />
      }
    />
  );
}

// Social Media ----------------------------------------------------------------------------------

function SocialForm({ draft, setDraft }: SectionFormProps<Record<string, string>>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SOCIAL_NETWORKS.map((n) => (
        <TextField key={n} label={n} type="url" placeholder={`https://www.${n.toLowerCase()}.com/…`} value={draft[n] ?? ''} onChange={(e) => setDraft((d) => ({ ...d, [n]: e.target.value }))} />
      ))}
    </div>
  );
}

export function SocialSection({ school, onSaved }: Saved) {
  const links = Object.entries(school.social_media_links);
  return (
    <EditableSection
      section="social"
      school={school}
      toDraft={(s) => ({ ...s.social_media_links })}
      toPayload={(d) => ({ social_media_links: Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v.trim()])) })}
      Form={SocialForm}
      onSaved={onSaved}
      view={
        links.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">No social media links yet.</p>
        ) : (
          <Facts items={links.map(([n, url]) => [n, <a key={n} className="break-all text-brand-800 underline dark:text-brand-300" href={url} target="_blank" rel="noopener noreferrer">{url}</a>])} />
        )
      }
    />
  );
}
