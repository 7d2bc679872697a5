'use client';

import { useState, type FormEvent } from 'react';
import { createLeadAction, updateLeadAction } from '@/app/actions/leads';
import { ErrorList } from '@/components/ui/banner';
import { TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { LEAD_FIELDS, type LeadFieldKey } from '@/lib/leads/fields';
import type { LeadView } from '@/lib/leads/manage-schema';
import { callAction } from '@/lib/web/api';

// A lead entered or edited by staff (POST /leads/, PATCH /leads/{id}). The server checks every
// value with the quick info card's rules and answers its messages; only changed fields are sent.

type Draft = Record<LeadFieldKey, string>;

const TEXT_FIELDS: LeadFieldKey[] = ['first_name', 'last_name', 'preferred_name', 'email', 'phone', 'state_province', 'parent_email', 'parent_phone'];
const YES_NO: LeadFieldKey[] = ['opt_in_email', 'opt_in_sms', 'opt_in_phone'];

function draftOf(lead: LeadView | null): Draft {
  const d = {} as Draft;
  for (const key of Object.keys(LEAD_FIELDS) as LeadFieldKey[]) {
    const v = lead?.[key as keyof LeadView];
    d[key] = v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v);
  }
  return d;
}

function valueOf(key: LeadFieldKey, text: string): unknown {
  const t = text.trim();
  if (t === '') return null;
  if (YES_NO.includes(key)) return t === 'yes';
  if (key === 'graduation_year' || key === 'gpa') return Number(t);
  if (key === 'intended_major') return t.split(',').map((m) => m.trim()).filter(Boolean);
  return t;
}

export function LeadFormDialog({ lead, onClose, onSaved }: { lead: LeadView | null; onClose: () => void; onSaved: (text: string) => void }) {
  const initial = draftOf(lead);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (key: LeadFieldKey) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changes: Record<string, unknown> = {};
    for (const key of Object.keys(draft) as LeadFieldKey[]) {
      if (lead && draft[key] === initial[key]) continue;
      const v = valueOf(key, draft[key]);
      if (!lead && v === null) continue;
      changes[key] = v;
    }
    if (lead && Object.keys(changes).length === 0) return onClose();
    setBusy(true);
    const res = await callAction(() => (lead ? updateLeadAction({ params: { id: lead.id }, body: changes }) : createLeadAction({ body: changes })));
    setBusy(false);
    if (!res.ok) return setErrors([res.code === 'validation' ? res.error : lead ? 'Failed to save lead. Please try again.' : 'Failed to add lead. Please try again.']);
    onSaved(lead ? 'Lead saved' : 'Lead added');
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={lead ? 'Edit Lead' : 'Add Lead'} wide>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={lead ? 'Edit lead' : 'Add lead'}>
        <ErrorList errors={errors} />
        <div className="grid gap-3 sm:grid-cols-2">
          {TEXT_FIELDS.map((key) => (
            <TextField key={key} label={LEAD_FIELDS[key].label} type={LEAD_FIELDS[key].type === 'email' ? 'email' : LEAD_FIELDS[key].type === 'tel' ? 'tel' : 'text'} value={draft[key]} onChange={set(key)} maxLength={100} />
          ))}
          <SelectField label="Phone Type" value={draft.phone_type} onChange={set('phone_type')}>
            <option value="">Not given</option>
            <option value="mobile">Mobile</option>
            <option value="home">Home</option>
            <option value="work">Work</option>
          </SelectField>
          <TextField label="Graduation Year" type="number" inputMode="numeric" value={draft.graduation_year} onChange={set('graduation_year')} />
          <TextField label="Intended Major" hint="Separate several with commas" value={draft.intended_major} onChange={set('intended_major')} maxLength={500} />
          <SelectField label="Degree Level" value={draft.degree_level} onChange={set('degree_level')}>
            <option value="">Not given</option>
            {['associate', 'bachelor', 'master', 'doctorate', 'certificate'].map((d) => (
              <option key={d} value={d}>
                {d[0]!.toUpperCase() + d.slice(1)}
              </option>
            ))}
          </SelectField>
          <TextField label="Date of Birth" type="date" value={draft.date_of_birth} onChange={set('date_of_birth')} />
          <TextField label="GPA" type="number" step="0.01" min={0} max={5} value={draft.gpa} onChange={set('gpa')} />
          {YES_NO.map((key) => (
            <SelectField key={key} label={LEAD_FIELDS[key].label} value={draft[key]} onChange={set(key)}>
              <option value="">Not given</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </SelectField>
          ))}
        </div>
        <FormFooter label={lead ? 'Save Lead' : 'Add Lead'} busyLabel="Saving..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
