'use client';

import { useMemo, useState } from 'react';
import { auditLogAction } from '@/app/actions/audit';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClass } from '@/components/ui/button';
import { DataTable, type PlainColumn } from '@/components/ui/data-table';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction, type AuditEntryView, type AuditPage } from '@/lib/audit/schema';
import { useScreenData } from '@/lib/web/screen-data';

// The Audit Log screen: who did what, filtered by action, actor, dates and (superusers) school; the
// server filters and pages, and the export links download what the filters select.

type Choices = { actors: { id: number; email: string }[]; schools: { id: number; name: string }[] };

const when = (iso: string) => new Date(iso).toLocaleString();
const labelOf = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
const detailsText = (d: Record<string, unknown>) => (Object.keys(d).length ? JSON.stringify(d) : '—');

export function AuditLogScreen({ superuser, choices }: { superuser: boolean; choices: Choices }) {
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [school, setSchool] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const schoolNames = useMemo(() => new Map(choices.schools.map((s) => [s.id, s.name])), [choices.schools]);

  const filters = {
    ...(action ? { action: action as AuditAction } : {}),
    ...(actor ? { actor_id: Number(actor) } : {}),
    ...(school ? { school_id: Number(school) } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const filtered = Object.keys(filters).length > 0;
  const query = { ...filters, page, page_size: AUDIT_PAGE_SIZE };
  const list = useScreenData<AuditPage>(`audit-log:${JSON.stringify(query)}`, () => auditLogAction({ query }), { keepPrevious: true });
  const exportHref = (format: 'csv' | 'jsonl') => `/audit-log/export?${new URLSearchParams({ format, ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])) })}`;

  // Every filter change goes back to the first page.
  const change = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setPage(1);
  };

  const columns = useMemo<PlainColumn<AuditEntryView>[]>(() => {
    const cols: PlainColumn<AuditEntryView>[] = [
      { id: 'at', header: 'Time', cell: ({ row }) => <time dateTime={row.original.at}>{when(row.original.at)}</time> },
      { id: 'actor', header: 'Actor', cell: ({ row }) => <span className="break-all">{row.original.actor_email ?? 'System'}</span> },
      { id: 'action', header: 'Action', cell: ({ row }) => <span data-testid="audit-action">{labelOf(row.original.action)}</span> },
      { id: 'target', header: 'Target', cell: ({ row }) => (row.original.target_type ? `${row.original.target_type} #${row.original.target_id}` : '—') },
      { id: 'client', header: 'Client address', cell: ({ row }) => <span className="break-all">{row.original.client_address ?? '—'}</span> },
      { id: 'details', header: 'Details', cell: ({ row }) => <code className="block max-w-xs whitespace-pre-wrap break-all text-xs">{detailsText(row.original.details)}</code> },
    ];
    if (superuser) cols.splice(2, 0, { id: 'school', header: 'School', cell: ({ row }) => (row.original.school_id === null ? '—' : (schoolNames.get(row.original.school_id) ?? `#${row.original.school_id}`)) });
    return cols;
  }, [superuser, schoolNames]);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Audit Log</h1>
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass('secondary')} href={exportHref('csv')} download>
            Export CSV
          </a>
          <a className={buttonClass('secondary')} href={exportHref('jsonl')} download>
            Export JSONL
          </a>
        </div>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {superuser ? 'Every school’s entries' : 'Your school’s entries'}: sign-ins, exports, deletions and changes to who can reach personal data. Entries cannot be changed or deleted.
      </p>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label="Filter audit entries">
        <SelectField label="Action" value={action} onChange={change(setAction)}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Actor" value={actor} onChange={change(setActor)}>
          <option value="">Everyone</option>
          {choices.actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.email}
            </option>
          ))}
        </SelectField>
        {superuser && (
          <SelectField label="School" value={school} onChange={change(setSchool)}>
            <option value="">All schools</option>
            {choices.schools.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label="From" type="date" value={from} max={to || undefined} onChange={change(setFrom)} />
        <TextField label="To" type="date" value={to} min={from || undefined} onChange={change(setTo)} />
      </div>

      {list.failure && (
        <Banner tone="error">
          Failed to load the audit log: {list.failure.error}{' '}
          <Button variant="secondary" className="ml-2 px-2 py-1" onClick={() => void list.reload()}>
            Try again
          </Button>
        </Banner>
      )}
      {list.loading ? (
        <p role="status">Loading audit entries...</p>
      ) : data ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" role="status" data-testid="audit-count">
            {data.total === 0
              ? filtered
                ? 'No audit entries match these filters.'
                : 'No audit entries yet'
              : `Showing ${(data.page - 1) * data.page_size + 1}–${(data.page - 1) * data.page_size + data.entries.length} of ${data.total} entr${data.total === 1 ? 'y' : 'ies'}`}
          </p>
          <DataTable
            columns={columns}
            data={data.entries}
            caption="Audit entries"
            rowKey={(e) => e.id}
            cardsWhenNarrow
            empty={filtered ? 'No audit entries match these filters.' : 'No audit entries yet'}
          />
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span>
                Page {data.page} of {pages}
              </span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      ) : null}
    </div>
  );
}
