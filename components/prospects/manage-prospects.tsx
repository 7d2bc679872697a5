'use client';

import { useRef, useState } from 'react';
import { createProspectAction, deleteProspectAction, prospectBatchAction, prospectBatchesAction, prospectsAction, prospectStatsAction, undoBatchAction, updateProspectAction } from '@/app/actions/prospects';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { hasAcceptedExtension, PROSPECT_FIELD_LABELS, PROSPECT_PAGE_SIZE, SELECT_FILE, type FieldMapping, type ParsedHeaders, type ProspectBatchView, type ProspectSort, type ProspectView, type UploadResult } from '@/lib/prospects/schema';
import { useScreenData } from '@/lib/web/screen-data';
import { MappingDialog } from './mapping-dialog';
import { VisitorText } from '@/components/ui/visitor-text';

// Stats, the file import (headers → mapping → import with progress → result
// → the list refreshes), the table (search, filters, sort, 50 a page), multi-select delete, hand
// entry and editing, and undoing an import.

type Notice = { tone: 'success' | 'warning' | 'error'; text: string; details?: string[] };
type Progress = { label: string; value: number | null };

const detailOf = (json: unknown, fallback: string) => {
  const d = (json as { detail?: unknown } | null)?.detail;
  if (typeof d === 'string') return d;
  if (Array.isArray(d)) return d.map((x: { msg?: string }) => x.msg).filter(Boolean).join('. ') || fallback;
  return fallback;
};

/** The multipart upload with its progress (fetch cannot report upload progress). */
function send(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => reject(new Error('The server could not be reached'));
    xhr.send(form);
  });
}

const SORTS: { key: ProspectSort; label: string }[] = [
  { key: 'first_name', label: 'First Name' },
  { key: 'last_name', label: 'Last Name' },
  { key: 'email', label: 'Email' },
  { key: 'status', label: 'Status' },
  { key: 'anticipated_program', label: 'Program' },
  { key: 'created_at', label: 'Added' },
];

export function ManageProspects() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [program, setProgram] = useState('');
  const [sortBy, setSortBy] = useState<ProspectSort>('created_at');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [parsed, setParsed] = useState<{ file: File; headers: ParsedHeaders } | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [editing, setEditing] = useState<ProspectView | 'new' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const query = { search: search.trim() || undefined, status: status || undefined, program: program || undefined, sort_by: sortBy, sort_order: sortOrder, page, per_page: PROSPECT_PAGE_SIZE };
  const list = useScreenData<ProspectView[]>(`prospects:${JSON.stringify(query)}`, () => prospectsAction({ query }), { keepPrevious: true });
  const stats = useScreenData('prospect-stats', () => prospectStatsAction());
  const batches = useScreenData<ProspectBatchView[]>('prospect-batches', () => prospectBatchesAction());
  const refresh = () => Promise.all([list.reload(), stats.reload(), batches.reload()]);
  const rows = list.data ?? [];

  async function chooseFile(file: File | undefined) {
    if (!file) return;
    if (!hasAcceptedExtension(file.name)) return setNotice({ tone: 'error', text: SELECT_FILE });
    setNotice(null);
    const form = new FormData();
    form.append('file', file);
    setProgress({ label: 'Reading the file…', value: null });
    try {
      const res = await send('/api/prospects/my-school/parse-headers', form, (f) => setProgress({ label: 'Reading the file…', value: f }));
      if (res.status !== 200) throw new Error(detailOf(res.json, 'The file could not be read'));
      setParsed({ file, headers: res.json as ParsedHeaders });
    } catch (err) {
      setNotice({ tone: 'error', text: `Unable to parse file headers: ${(err as Error).message}` });
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function showResult(r: { success: boolean; message: string; errors: { line: number; message: string; column?: string }[]; skipped: number; status: string }) {
    const details = r.errors.slice(0, 5).map((e) => `Line ${e.line}${e.column ? ` (${e.column})` : ''}: ${e.message}`);
    if (r.status === 'failed' || !r.success) setNotice({ tone: 'error', text: `Upload failed: ${r.message || 'no rows could be imported'}`, details });
    else if (r.skipped > 0) setNotice({ tone: 'warning', text: `${r.message}. Some rows were skipped:`, details });
    else setNotice({ tone: 'success', text: r.message });
  }

  async function importFile(mappings: FieldMapping[]) {
    if (!parsed) return;
    const { file } = parsed;
    setParsed(null);
    const form = new FormData();
    form.append('file', file);
    form.append('field_mappings', JSON.stringify(mappings));
    setProgress({ label: 'Uploading…', value: 0 });
    try {
      const res = await send('/api/prospects/my-school/upload', form, (f) => setProgress({ label: 'Uploading…', value: f * 0.5 }));
      const body = res.json as UploadResult | null;
      if (res.status === 202 && body) {
        // A large file imports in the background: follow its batch until it ends.
        for (;;) {
          await new Promise((r) => setTimeout(r, 1000));
          const b = await prospectBatchAction({ params: { batch_id: body.batch_id } });
          if (!b.ok) throw new Error(b.error);
          const v = b.data;
          const total = v.total_rows || 0;
          setProgress({ label: `Importing… ${v.processed_rows.toLocaleString()}${total ? ` of ${total.toLocaleString()}` : ''} rows`, value: total ? 0.5 + 0.5 * Math.min(1, v.processed_rows / total) : null });
          if (v.status !== 'processing') {
            showResult({ success: v.status === 'completed' && v.imported + v.updated > 0, message: v.message ?? '', errors: v.errors, skipped: v.skipped, status: v.status });
            break;
          }
        }
      } else if (body && 'batch_id' in body) showResult(body);
      else setNotice({ tone: 'error', text: `Upload failed: ${detailOf(res.json, 'the server did not accept the file')}` });
    } catch (err) {
      setNotice({ tone: 'error', text: `Upload failed: ${(err as Error).message}` });
    } finally {
      setProgress(null);
      setPage(1);
      await refresh();
    }
  }

  async function deleteSelected() {
    setConfirmDelete(false);
    const ids = [...selected];
    const results = await Promise.all(ids.map((id) => deleteProspectAction({ params: { id } })));
    const ok = results.filter((r) => r.ok).length;
    if (ok === ids.length) setNotice({ tone: 'success', text: `Deleted ${ok} prospect${ok === 1 ? '' : 's'}.` });
    else if (ok > 0) setNotice({ tone: 'warning', text: `Deleted ${ok} of ${ids.length} prospects; ${ids.length - ok} could not be deleted. Please try again.` });
    else setNotice({ tone: 'error', text: 'No prospects were deleted. Please try again.' });
    setSelected(new Set());
    await refresh();
  }

  async function undo(b: ProspectBatchView) {
    const r = await undoBatchAction({ params: { batch_id: b.batch_id } });
    setNotice(r.ok ? { tone: 'success', text: r.data.message } : { tone: 'error', text: r.error });
    await refresh();
  }

  const toggleSort = (key: ProspectSort) => {
    if (sortBy === key) setSortOrder(sortOrder === 'asc' ? 'desc' : 'asc');
    else {
      setSortBy(key);
      setSortOrder('asc');
    }
    setPage(1);
  };
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Manage Prospects</h1>
        <Button onClick={() => setEditing('new')}>Add Prospect</Button>
      </div>

      <section aria-label="Prospect statistics" className="grid gap-4 sm:grid-cols-3">
        {[
          { label: 'Total Prospects', value: stats.data?.total_count },
          { label: 'Recently Added (7 days)', value: stats.data?.recent_uploads },
          { label: 'Statuses', value: stats.data ? Object.keys(stats.data.status_breakdown).length : undefined },
        ].map((c) => (
          <div key={c.label} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700" data-testid={`stat-${c.label}`}>
            <p className="text-sm text-slate-700 dark:text-slate-300">{c.label}</p>
            <p className="mt-1 text-3xl font-bold text-slate-900 dark:text-white">{stats.failure ? '—' : (c.value ?? '…')}</p>
          </div>
        ))}
      </section>

      <section aria-labelledby="import-title" className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
        <h2 id="import-title" className="text-lg font-semibold text-slate-900 dark:text-white">Import Prospects</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Upload a CSV or Excel (.xlsx) file. You will map its columns before anything is imported.</p>
        <label className="mt-3 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Prospect file
          <input
            ref={fileInput}
            type="file"
            accept=".csv,.xlsx,.xls"
            disabled={progress !== null}
            className="mt-1 block w-full text-sm"
            onChange={(e) => chooseFile(e.target.files?.[0])}
          />
        </label>
        {progress && (
          <div className="mt-4" aria-live="polite">
            <p className="text-sm text-slate-800 dark:text-slate-200">{progress.label}</p>
            <progress className="mt-1 h-3 w-full" aria-label="Import progress" max={1} {...(progress.value === null ? {} : { value: progress.value })} />
          </div>
        )}
      </section>

      {notice && (
        <Banner tone={notice.tone === 'warning' ? 'warning' : notice.tone} onDismiss={() => setNotice(null)}>
          <span data-testid="prospect-notice">{notice.text}</span>
          {notice.details && notice.details.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-sm">
              {notice.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </Banner>
      )}

      <section aria-labelledby="list-title" className="space-y-3">
        <h2 id="list-title" className="text-lg font-semibold text-slate-900 dark:text-white">Prospects</h2>
        <div className="grid gap-3 sm:grid-cols-3" role="search" aria-label="Filter prospects">
          <TextField label="Search" type="search" placeholder="Name, email, phone or ID" value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} />
          <SelectField label="Status" value={status} onChange={(e) => (setStatus(e.target.value), setPage(1))}>
            <option value="">All statuses</option>
            {Object.keys(stats.data?.status_breakdown ?? {}).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <SelectField label="Program" value={program} onChange={(e) => (setProgram(e.target.value), setPage(1))}>
            <option value="">All programs</option>
            {Object.keys(stats.data?.program_breakdown ?? {}).map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="danger" disabled={selected.size === 0} onClick={() => setConfirmDelete(true)}>
            Delete Selected ({selected.size})
          </Button>
        </div>
        {list.failure && <Banner tone="error">{list.failure.error}</Banner>}
        {list.loading && !list.data ? (
          <p className="text-slate-700 dark:text-slate-300">Loading prospects…</p>
        ) : rows.length === 0 && !list.failure ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            {search || status || program ? 'No prospects match these filters.' : 'No prospects yet. Import a file or add one by hand.'}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
            <table className="min-w-full text-sm">
              <thead className="bg-slate-50 text-left dark:bg-slate-800">
                <tr>
                  <th scope="col" className="p-2">
                    <input type="checkbox" aria-label="Select all prospects on this page" checked={allOnPage} onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))} />
                  </th>
                  {SORTS.map((s) => (
                    <th key={s.key} scope="col" className="p-2" aria-sort={sortBy === s.key ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
                      <button type="button" className="font-semibold underline-offset-2 hover:underline" onClick={() => toggleSort(s.key)}>
                        {s.label}
                        {sortBy === s.key ? (sortOrder === 'asc' ? ' ▲' : ' ▼') : ''}
                      </button>
                    </th>
                  ))}
                  <th scope="col" className="p-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-t border-slate-200 dark:border-slate-700">
                    <td className="p-2">
                      <input
                        type="checkbox"
                        aria-label={`Select ${r.first_name} ${r.last_name}`}
                        checked={selected.has(r.id)}
                        onChange={() => setSelected((s) => (s.has(r.id) ? new Set([...s].filter((x) => x !== r.id)) : new Set([...s, r.id])))}
                      />
                    </td>
                    <td className="p-2">
                      <VisitorText text={r.first_name} />
                    </td>
                    <td className="p-2">
                      <VisitorText text={r.last_name} />
                    </td>
                    <td className="p-2">{r.email ?? '—'}</td>
                    <td className="p-2">{r.status ?? '—'}</td>
                    <td className="p-2">{r.anticipated_program ?? '—'}</td>
                    <td className="p-2 whitespace-nowrap">{new Date(r.created_at).toLocaleDateString()}</td>
                    <td className="p-2">
                      <Button variant="secondary" className="px-2 py-1" onClick={() => setEditing(r)} aria-label={`Edit ${r.first_name} ${r.last_name}`}>
                        Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Prospect pages" className="flex items-center justify-between">
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-700 dark:text-slate-300">Page {page}</span>
          <Button variant="secondary" disabled={rows.length < PROSPECT_PAGE_SIZE} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      </section>

      <section aria-labelledby="batches-title" className="space-y-2">
        <h2 id="batches-title" className="text-lg font-semibold text-slate-900 dark:text-white">Recent Imports</h2>
        {(batches.data ?? []).length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">No imports yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {batches.data!.map((b) => (
              <li key={b.batch_id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span>
                  <span className="font-medium">{b.filename}</span> · {new Date(b.created_at).toLocaleString()} · {b.status} · {b.message ?? `${b.processed_rows} rows read`}
                </span>
                {b.status === 'completed' && (
                  <Button variant="secondary" className="px-2 py-1" onClick={() => undo(b)} aria-label={`Undo import ${b.filename}`}>
                    Undo import
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {parsed && <MappingDialog parsed={parsed.headers} filename={parsed.file.name} onCancel={() => setParsed(null)} onImport={importFile} />}
      {confirmDelete && (
        <ConfirmDialog title="Delete prospects" onCancel={() => setConfirmDelete(false)} onConfirm={deleteSelected}>
          Delete {selected.size} selected prospect{selected.size === 1 ? '' : 's'}? This action cannot be undone.
        </ConfirmDialog>
      )}
      {editing && (
        <ProspectForm
          prospect={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (text) => {
            setEditing(null);
            setNotice({ tone: 'success', text });
            await refresh();
          }}
        />
      )}
    </div>
  );
}

const FORM_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'external_id', 'status', 'anticipated_program', 'anticipated_start_date', 'address_street1', 'address_city', 'address_state', 'address_zip', 'address_country'] as const;
type FormField = (typeof FORM_FIELDS)[number];

function ProspectForm({ prospect, onClose, onSaved }: { prospect: ProspectView | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [values, setValues] = useState<Record<FormField, string>>(() => Object.fromEntries(FORM_FIELDS.map((f) => [f, (prospect?.[f] as string | null) ?? ''])) as Record<FormField, string>);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    const r = prospect ? await updateProspectAction({ params: { id: prospect.id }, body: values }) : await createProspectAction({ body: values });
    setSaving(false);
    if (!r.ok) return setError(r.error);
    onSaved(prospect ? 'Prospect updated.' : 'Prospect added.');
  }
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={prospect ? 'Edit Prospect' : 'Add Prospect'} wide>
      <form onSubmit={save} className="grid gap-3 sm:grid-cols-2">
        {FORM_FIELDS.map((f) => (
          <TextField
            key={f}
            label={`${PROSPECT_FIELD_LABELS[f]}${f === 'first_name' || f === 'last_name' ? ' *' : ''}`}
            type={f === 'email' ? 'email' : f === 'anticipated_start_date' ? 'date' : 'text'}
            required={f === 'first_name' || f === 'last_name'}
            value={values[f]}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
          />
        ))}
        {error && (
          <p role="alert" className="sm:col-span-2 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-3 sm:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
