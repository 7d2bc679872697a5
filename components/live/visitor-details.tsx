'use client';

import { useState, type FormEvent } from 'react';
import { editLiveDetailsAction } from '@/app/actions/live';
import { ErrorList } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { issueMessages } from '@/components/ui/use-list-screen';
import { VisitorText } from '@/components/ui/visitor-text';
import { LEAD_FIELDS } from '@/lib/leads/fields';
import { LIVE_DETAIL_FIELDS, liveDetailsSchema, type LiveConversationDetail, type LiveDetailField } from '@/lib/live/schema';
import { callAction, failureText } from '@/lib/web/api';
import { detailRows } from './format';

// The Live view's "Visitor details": what the visitor gave about themselves (read from their
// messages as they chat), and an Edit form for staff to correct the name, e-mail or phone. Saving
// changes the conversation and its lead; other open Live views hear of it and load it again.

type Draft = Record<LiveDetailField, string>;
const draftOf = (details: LiveConversationDetail['details']): Draft =>
  Object.fromEntries(LIVE_DETAIL_FIELDS.map((k) => [k, typeof details[k] === 'string' ? (details[k] as string) : ''])) as Draft;

export function VisitorDetails({ detail, onSaved }: { detail: LiveConversationDetail; onSaved: (next: LiveConversationDetail) => void }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState('');
  const rows = detailRows(detail.details);

  function edit() {
    setDraft(draftOf(detail.details));
    setErrors([]);
    setSaved('');
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!draft || saving) return;
    const parsed = liveDetailsSchema.safeParse(draft);
    if (!parsed.success) return setErrors(issueMessages(parsed.error));
    setSaving(true);
    const res = await callAction(() => editLiveDetailsAction({ params: { id: detail.id }, body: draft }), 'Failed to save visitor details');
    setSaving(false);
    if (!res.ok) return setErrors([failureText(res, { not_found: 'This conversation is no longer a live chat.' }, 'Failed to save visitor details')]);
    setDraft(null);
    setErrors([]);
    setSaved('Visitor details updated successfully! The lead has them too.');
    onSaved(res.data);
  }

  return (
    <section aria-labelledby="live-details-title" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="live-details-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
          Visitor details
        </h3>
        {!draft && (
          <Button variant="secondary" className="px-3 py-1.5" onClick={edit} aria-label="Edit visitor details">
            Edit
          </Button>
        )}
      </div>
      {draft ? (
        <form onSubmit={save} noValidate aria-label="Edit visitor details" className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <ErrorList errors={errors} />
          <div className="grid gap-3 sm:grid-cols-2">
            {LIVE_DETAIL_FIELDS.map((k) => (
              <TextField key={k} label={LEAD_FIELDS[k].label} type={LEAD_FIELDS[k].type} autoComplete="off" value={draft[k]} onChange={(e) => setDraft((d) => ({ ...d!, [k]: e.target.value }))} />
            ))}
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">Saving changes the visitor&apos;s lead too. Leave a field empty to remove it.</p>
          <FormFooter label="Save" busy={saving} busyLabel="Saving..." onCancel={() => setDraft(null)} />
        </form>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">The visitor has not shared any details yet.</p>
      ) : (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          {rows.map((r) => (
            <div key={r.key} className="contents">
              <dt className="font-medium text-slate-800 dark:text-slate-200">{r.label}</dt>
              <dd className="min-w-0 text-slate-900 dark:text-slate-100">
                <VisitorText text={r.value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
        {!draft && saved}
      </p>
    </section>
  );
}
