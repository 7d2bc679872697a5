'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { deleteLeadAction, leadsAction, leadStatsAction } from '@/app/actions/leads';
import { Badge } from '@/components/ui/badge';
import { Banner, MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErasePersonDialog } from '@/components/privacy/erase-person-dialog';
import { DataTable, type PlainColumn } from '@/components/ui/data-table';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { DATE_FILTERS, LEAD_SOURCES, LEADS_PAGE_SIZE, SOURCE_LABELS, type LeadPage, type LeadSource, type LeadStats, type LeadView, type SortField } from '@/lib/leads/manage-schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import { LeadConversationModal } from './lead-conversation-modal';
import { LeadFormDialog } from './lead-form-dialog';
import { VisitorText } from '@/components/ui/visitor-text';

// The Leads tab. The server filters, searches, sorts and pages (100 a
// page); the table shows the columns the staff member chose, remembered in this browser.

export const COLUMNS_STORAGE_KEY = 'lantern.leads.columns';

type ColumnKey =
  | 'name'
  | 'email'
  | 'phone'
  | 'source'
  | 'created_at'
  | 'preferred_name'
  | 'phone_type'
  | 'graduation_year'
  | 'intended_major'
  | 'degree_level'
  | 'state_province'
  | 'parent_email'
  | 'parent_phone'
  | 'conversation_count'
  | 'last_interaction_at'
  | 'actions';

const COLUMN_LABELS: Record<ColumnKey, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  source: 'Source',
  created_at: 'Created',
  preferred_name: 'Preferred Name',
  phone_type: 'Phone Type',
  graduation_year: 'Graduation Year',
  intended_major: 'Intended Major',
  degree_level: 'Degree Level',
  state_province: 'State/Province',
  parent_email: 'Parent Email',
  parent_phone: 'Parent Phone',
  conversation_count: 'Conversations',
  last_interaction_at: 'Last Interaction',
  actions: 'Actions',
};
const ALL_COLUMNS = Object.keys(COLUMN_LABELS) as ColumnKey[];
/**
 * Visible until the staff member chooses otherwise: the spec's columns and, because admissions
 * sorts prospects by them first, graduation year and intended major.
 */
export const DEFAULT_COLUMNS: ColumnKey[] = ['name', 'email', 'phone', 'source', 'created_at', 'graduation_year', 'intended_major', 'actions'];
const SORTABLE: Partial<Record<ColumnKey, SortField>> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  source: 'source',
  created_at: 'created_at',
  graduation_year: 'graduation_year',
  conversation_count: 'conversation_count',
  last_interaction_at: 'last_interaction_at',
};

function parseColumns(raw: string | null): ColumnKey[] {
  try {
    const saved = JSON.parse(raw ?? 'null') as unknown;
    if (Array.isArray(saved)) return ALL_COLUMNS.filter((c) => saved.includes(c));
  } catch {
    // Unreadable storage: the defaults.
  }
  return DEFAULT_COLUMNS;
}

// The chosen columns live in localStorage; this tab and others hear of a change.
const columnListeners = new Set<() => void>();
function subscribeColumns(onChange: () => void) {
  columnListeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    columnListeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}
function readColumns(): string | null {
  try {
    return window.localStorage.getItem(COLUMNS_STORAGE_KEY);
  } catch {
    return null;
  }
}
function saveColumns(columns: ColumnKey[]) {
  try {
    window.localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(columns));
  } catch {
    // Storage full or off: the choice lasts until the page is left.
  }
  for (const listener of columnListeners) listener();
}

export const leadName = (l: Pick<LeadView, 'first_name' | 'last_name'>) => [l.first_name, l.last_name].filter(Boolean).join(' ') || '—';
const when = (iso: string) => new Date(iso).toLocaleString();
const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

/** The handoff form's question under the lead's name, on one line's worth. */
const truncateQuestion = (q: string) => (q.length > 120 ? `${q.slice(0, 119)}…` : q);

export function LeadsPanel({ canErase = false }: { canErase?: boolean }) {
  // A link to one lead (the dashboard's requests for a person) arrives as ?search=…
  const [searchText, setSearchText] = useState(useSearchParams().get('search') ?? '');
  const search = useDebounced(searchText.trim(), 300);
  const [source, setSource] = useState<'' | LeadSource>('');
  const [dateFilter, setDateFilter] = useState('');
  // Fixed when the filter is picked, so the list does not shift while it is read.
  const [since, setSince] = useState<string | null>(null);
  const [sort, setSort] = useState('-created_at');
  const [page, setPage] = useState(1);
  const storedColumns = useSyncExternalStore(subscribeColumns, readColumns, () => null);
  const visible = useMemo(() => parseColumns(storedColumns), [storedColumns]);
  const [viewing, setViewing] = useState<LeadView | null>(null);
  const [editing, setEditing] = useState<LeadView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LeadView | null>(null);
  const [erasing, setErasing] = useState<LeadView | null>(null);
  const { error, success, setError, setSuccess } = useMessages();

  function toggleColumn(c: ColumnKey) {
    saveColumns(visible.includes(c) ? visible.filter((x) => x !== c) : ALL_COLUMNS.filter((x) => x === c || visible.includes(x)));
  }

  const query = { page, page_size: LEADS_PAGE_SIZE, sort, ...(search ? { search } : {}), ...(source ? { source } : {}), ...(since ? { from_date: since } : {}) };
  const list = useScreenData<LeadPage>(`leads:${JSON.stringify(query)}`, () => leadsAction({ query }), { keepPrevious: true });
  const todayFrom = useMemo(() => {
    const d = new Date();
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).toISOString();
  }, []);
  const stats = useScreenData<LeadStats>('leads-stats', () => leadStatsAction({ query: { today_from: todayFrom } }));

  const refresh = async () => {
    await Promise.all([list.reload(), stats.reload()]);
  };

  function sortBy(field: SortField) {
    setSort((s) => (s === field ? `-${field}` : s === `-${field}` ? field : field === 'created_at' || field === 'last_interaction_at' || field === 'conversation_count' ? `-${field}` : field));
    setPage(1);
  }

  const columns = useMemo<PlainColumn<LeadView>[]>(() => {
    const header = (key: ColumnKey) => {
      const field = SORTABLE[key];
      if (!field) return COLUMN_LABELS[key];
      const state = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : null;
      return (
        <button type="button" className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline" onClick={() => sortBy(field)} aria-label={`Sort by ${COLUMN_LABELS[key]}${state ? ` (sorted ${state})` : ''}`}>
          {COLUMN_LABELS[key]}
          <span aria-hidden="true">{state === 'ascending' ? '↑' : state === 'descending' ? '↓' : '↕'}</span>
        </button>
      );
    };
    const cell: Record<ColumnKey, (l: LeadView) => React.ReactNode> = {
      name: (l) => (
        <span className="flex flex-wrap items-center gap-1">
          <VisitorText className="font-medium" text={leadName(l)} />
          {l.handoff_at && <Badge tone="warning">Asked for a person</Badge>}
          {l.handoff_question && <VisitorText className="basis-full text-xs text-slate-700 dark:text-slate-300" text={`“${truncateQuestion(l.handoff_question)}”`} />}
        </span>
      ),
      email: (l) => <VisitorText text={dash(l.email)} />,
      phone: (l) => <span className="whitespace-nowrap">{dash(l.phone)}</span>,
      source: (l) => <Badge tone={l.source === 'chatbot_quickinfocard' ? 'brand' : l.source === 'staff_entry' ? 'neutral' : 'success'}>{SOURCE_LABELS[l.source] ?? l.source}</Badge>,
      created_at: (l) => <time dateTime={l.created_at}>{when(l.created_at)}</time>,
      preferred_name: (l) => <VisitorText text={dash(l.preferred_name)} />,
      phone_type: (l) => dash(l.phone_type),
      graduation_year: (l) => dash(l.graduation_year),
      intended_major: (l) => <VisitorText text={l.intended_major.length ? l.intended_major.join(', ') : '—'} />,
      degree_level: (l) => dash(l.degree_level),
      state_province: (l) => <VisitorText text={dash(l.state_province)} />,
      parent_email: (l) => <VisitorText text={dash(l.parent_email)} />,
      parent_phone: (l) => dash(l.parent_phone),
      conversation_count: (l) => l.conversation_count,
      last_interaction_at: (l) => when(l.last_interaction_at),
      actions: (l) => (
        <div className="flex flex-wrap gap-1">
          <Button variant="secondary" className="px-2 py-1" onClick={() => setViewing(l)} aria-label={`View conversation of ${leadName(l)}`}>
            View
          </Button>
          <Button variant="secondary" className="px-2 py-1" onClick={() => setEditing(l)} aria-label={`Edit ${leadName(l)}`}>
            Edit
          </Button>
          <Button variant="secondary" className="px-2 py-1" onClick={() => setDeleting(l)} aria-label={`Delete ${leadName(l)}`}>
            Delete
          </Button>
          {canErase && (
            <Button variant="secondary" className="px-2 py-1" onClick={() => setErasing(l)} aria-label={`Erase this person: ${leadName(l)}`}>
              Erase this person
            </Button>
          )}
        </div>
      ),
    };
    return visible.map((key) => ({ id: key, header: () => (key === 'actions' ? <span className="sr-only">Actions</span> : header(key)), cell: ({ row }) => cell[key](row.original) }));
  }, [visible, sort, canErase]);

  async function confirmDelete() {
    const lead = deleting!;
    setDeleting(null);
    const res = await callAction(() => deleteLeadAction({ params: { id: lead.id } }));
    if (!res.ok) return setError(res.code === 'not_found' ? 'This lead no longer exists.' : 'Failed to delete lead. Please try again.');
    setSuccess(`Lead ${leadName(lead)} deleted`);
    await refresh();
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const s = stats.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Leads</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing('new')}>
            Add Lead
          </Button>
          <Button variant="secondary" onClick={refresh}>
            Refresh
          </Button>
        </div>
      </div>

      {s && (
        <section aria-label="Lead statistics" className="space-y-2">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="lead-stats">
            <Stat label="Total leads" value={s.total} />
            <Stat label="Today" value={s.today} />
            <Stat label="Last 7 days" value={s.last_7_days} />
            {LEAD_SOURCES.map((src) => (
              <Stat key={src} label={SOURCE_LABELS[src]} value={s.by_source[src]} />
            ))}
          </dl>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            With email: {s.with_email} · With phone: {s.with_phone} · With both: {s.with_both}
          </p>
        </section>
      )}

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="search" aria-label="Filter leads">
        <TextField
          label="Search"
          type="search"
          placeholder="Name, email or phone"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Source"
          value={source}
          onChange={(e) => {
            setSource(e.target.value as '' | LeadSource);
            setPage(1);
          }}
        >
          <option value="">All sources</option>
          {LEAD_SOURCES.map((src) => (
            <option key={src} value={src}>
              {SOURCE_LABELS[src]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Date"
          value={dateFilter}
          onChange={(e) => {
            const value = e.target.value;
            setDateFilter(value);
            const hours = DATE_FILTERS.find((f) => f.value === value)?.hours;
            setSince(hours ? new Date(Date.now() - hours * 3_600_000).toISOString() : null);
            setPage(1);
          }}
        >
          <option value="">All time</option>
          {DATE_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <details className="relative self-end">
          <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-600">Columns</summary>
          <fieldset className="absolute right-0 z-10 mt-2 w-60 space-y-1 rounded-xl border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            <legend className="sr-only">Visible columns</legend>
            {ALL_COLUMNS.map((c) => (
              <label key={c} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={visible.includes(c)} onChange={() => toggleColumn(c)} />
                {COLUMN_LABELS[c]}
              </label>
            ))}
          </fieldset>
        </details>
      </div>

      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      {list.failure && <Banner tone="error">Failed to load leads. Please try again.</Banner>}
      {list.loading ? (
        <p role="status">Loading leads...</p>
      ) : data ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" role="status" data-testid="leads-count">
            {data.total === 0
              ? 'No leads match.'
              : `Showing ${data.offset + 1}–${data.offset + data.leads.length} of ${data.total} lead${data.total === 1 ? '' : 's'}`}
          </p>
          <DataTable
            columns={columns}
            data={data.leads}
            caption="Leads"
            rowKey={(l) => l.id}
            cardsWhenNarrow
            empty={search || source || since ? 'No leads match these filters.' : 'No leads yet. They appear here once visitors share their details with the assistant.'}
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

      {viewing && <LeadConversationModal lead={viewing} onClose={() => setViewing(null)} />}
      {editing && (
        <LeadFormDialog
          lead={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (text) => {
            setEditing(null);
            setSuccess(text);
            await refresh();
          }}
        />
      )}
      {erasing && (
        <ErasePersonDialog
          person={{ lead_id: erasing.id }}
          name={leadName(erasing)}
          onClose={() => setErasing(null)}
          onErased={async () => {
            setErasing(null);
            setSuccess(`Everything held about ${leadName(erasing)} was erased`);
            await refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog title="Delete lead" onCancel={() => setDeleting(null)} onConfirm={confirmDelete}>
          Delete the lead {leadName(deleting)}? This cannot be undone. Their conversations stay in the logs.
        </ConfirmDialog>
      )}
    </div>
  );
}
