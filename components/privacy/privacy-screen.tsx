'use client';

import { useMemo, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { erasuresAction, retentionAction, saveRetentionAction, subjectDataAction } from '@/app/actions/privacy';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Banner, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DataTable, type PlainColumn } from '@/components/ui/data-table';
import { TextField } from '@/components/ui/field';
import type { ErasureView, RetentionView } from '@/lib/privacy/schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import { downloadJson, ErasePersonDialog, whatGoes, type PersonRef } from './erase-person-dialog';

// The Privacy page: a person's data on request (by e-mail address or phone), erasing them, and the
// school's past erasures (what went, never who: the identifiers are not kept).

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const STATUS: Record<ErasureView['status'], string> = { queued: 'Queued', running: 'Running', completed: 'Completed', failed: 'Failed' };

/** "30" → 30, "" → null (off). */
const daysOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** The keeping periods: each window and what the next daily run deletes; the school sets two of them. */
function RetentionSection() {
  const view = useScreenData<RetentionView>('privacy-retention', () => retentionAction());
  const [draft, setDraft] = useState<{ leads: string; prospects: string } | null>(null);
  const { error, success, setError, setSuccess } = useMessages();
  const v = view.data;
  const form = draft ?? { leads: v?.lead_retention_days?.toString() ?? '', prospects: v?.prospect_retention_days?.toString() ?? '' };

  async function save(e: FormEvent) {
    e.preventDefault();
    const res = await callAction(() => saveRetentionAction({ body: { lead_retention_days: daysOf(form.leads), prospect_retention_days: daysOf(form.prospects) } }));
    if (!res.ok) return setError(res.error);
    setDraft(null);
    setSuccess('Keeping periods saved');
    await view.reload();
  }

  return (
    <section aria-labelledby="retention-title" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="retention-title" className="text-xl font-semibold">
        Keeping periods
      </h2>
      {error && <Banner tone="error">{error}</Banner>}
      {success && <Banner tone="success">{success}</Banner>}
      {view.loading ? (
        <p role="status">Loading keeping periods…</p>
      ) : !v ? (
        <Banner tone="error">Failed to load keeping periods</Banner>
      ) : (
        <>
          <ul className="space-y-1 text-sm" aria-label="Keeping periods and the next run">
            {v.windows.map((w) => (
              <li key={w.key} data-testid={`retention-${w.key}`}>
                <span className="font-medium">{w.label}:</span> {w.days === null ? 'kept (off)' : `${w.days} days`}; the next daily run deletes {w.next_run}
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-700 dark:text-slate-300">Conversations follow the Logging tab of Chatbot Management. Leave a field empty to keep those records until someone deletes them.</p>
          <form onSubmit={save} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <TextField label="Delete leads with no interaction after (days)" type="number" min={1} max={3650} value={form.leads} onChange={(e) => setDraft({ ...form, leads: e.target.value })} />
            <TextField label="Delete prospects not updated after (days)" type="number" min={1} max={3650} value={form.prospects} onChange={(e) => setDraft({ ...form, prospects: e.target.value })} />
            <Button type="submit">Save keeping periods</Button>
          </form>
        </>
      )}
    </section>
  );
}

export function PrivacyScreen() {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [erasing, setErasing] = useState<PersonRef | null>(null);
  const { error, success, setError, setSuccess } = useMessages();
  const list = useScreenData<ErasureView[]>('privacy-erasures', () => erasuresAction());

  const person = (): PersonRef | null => {
    const p = { ...(email.trim() ? { email: email.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) };
    if (!Object.keys(p).length) {
      setError('Enter an e-mail address or a phone number.');
      return null;
    }
    return p as PersonRef;
  };

  async function download(e: FormEvent) {
    e.preventDefault();
    const p = person();
    if (!p) return;
    const res = await callAction(() => subjectDataAction({ query: p }));
    if (!res.ok) return setError(res.error);
    downloadJson(res.data, 'subject-data.json');
    setSuccess('Their data was downloaded (subject-data.json).');
  }

  const columns = useMemo<PlainColumn<ErasureView>[]>(
    () => [
      { id: 'id', header: 'Erasure', cell: ({ row }) => `#${row.original.id}` },
      { id: 'requested', header: 'Requested', cell: ({ row }) => <time dateTime={row.original.requested_at}>{when(row.original.requested_at)}</time> },
      { id: 'by', header: 'By', cell: ({ row }) => <span className="break-all">{row.original.requested_by ?? '—'}</span> },
      { id: 'identified', header: 'Identified by', cell: ({ row }) => row.original.identified_by.join(', ') + (row.original.earlier_requests ? ` (asked before: ${row.original.earlier_requests})` : '') },
      { id: 'status', header: 'Status', cell: ({ row }) => <span data-testid="erasure-status">{STATUS[row.original.status]}</span> },
      { id: 'erased', header: 'Erased', cell: ({ row }) => (row.original.erased ? whatGoes(row.original.erased).join('; ') : (row.original.error ?? '—')) },
    ],
    [],
  );

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Privacy</h1>
      {error && <Banner tone="error">{error}</Banner>}
      {success && <Banner tone="success">{success}</Banner>}
      <section aria-labelledby="person-title" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h2 id="person-title" className="text-xl font-semibold">
          A person&apos;s data
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Find everything the school holds about one person (leads, conversations, prospect rows, CRM deliveries, mail), to hand it to them or to erase it. Leads and Logs offer the same for one row.
        </p>
        <form onSubmit={download} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
          <TextField label="E-mail address" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          <TextField label="Phone number" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="off" />
          <Button type="submit" variant="secondary">
            Download their data
          </Button>
          <Button type="button" variant="danger" onClick={() => setErasing(person())}>
            Erase this person
          </Button>
        </form>
      </section>
      <RetentionSection />
      <p className="text-sm">
        Who exported, deleted or changed what:{' '}
        <Link href="/dashboard/audit-log" className="font-medium text-brand-700 underline dark:text-brand-300">
          Audit Log
        </Link>
      </p>
      <section aria-labelledby="erasures-title" className="space-y-3">
        <h2 id="erasures-title" className="text-xl font-semibold">
          Erasures
        </h2>
        {list.loading ? (
          <p role="status">Loading erasures…</p>
        ) : list.failure ? (
          <Banner tone="error">Failed to load erasures</Banner>
        ) : (
          <DataTable columns={columns} data={list.data ?? []} caption="Erasures, newest first" empty="No erasures yet" rowKey={(r) => r.id} cardsWhenNarrow />
        )}
      </section>
      {erasing && (
        <ErasePersonDialog
          person={erasing}
          name={'email' in erasing ? String(erasing.email) : 'phone' in erasing ? String(erasing.phone) : 'this person'}
          onClose={() => setErasing(null)}
          onErased={async () => {
            setErasing(null);
            setEmail('');
            setPhone('');
            setSuccess('The person was erased.');
            await list.reload();
          }}
        />
      )}
    </div>
  );
}
