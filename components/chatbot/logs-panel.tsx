'use client';

import { useMemo, useState } from 'react';
import { conversationsAction } from '@/app/actions/logs';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DataTable, type PlainColumn } from '@/components/ui/data-table';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { ENGAGEMENT_FILTERS, engagementLevel, type EngagementFilter } from '@/lib/conversations/export-schema';
import { useScreenData } from '@/lib/web/screen-data';
import { isLanguage, LANGUAGE_NAMES } from '@/lib/widget/language';
import { ConversationModal } from './conversation-modal';
import { VisitorText } from '@/components/ui/visitor-text';
import { shortVisitor } from '@/lib/conversations/visitor-name';
import { Star, ThumbsDown, ThumbsUp, X } from 'lucide-react';

// The Logs tab. Up to 10000 conversations are fetched at once; filters
// (engagement, date range, text), sorting and paging (20 a page) happen here, in the browser.
// The export buttons ask the server for the same filtered conversations, streamed as a file.

export const PAGE_SIZE = 20;

type Row = {
  id: number;
  /** The conversation's reference (never the widget's session id): searched, and the end of "Visitor 3f9a2c". */
  session_id: string;
  source: string;
  status: string | null;
  started_at: string | Date;
  ended_at: string | Date;
  message_count: number;
  widget_opened_at: string | Date | null;
  lead_id: number | null;
  language?: string | null;
  handoff_at?: string | Date | null;
  /** A person of the school joined it (live chat). */
  human_handled?: boolean;
  excellent_ratings_count: number;
  poor_ratings_count: number;
  user_thumbs_up_count: number;
  user_thumbs_down_count: number;
  first_question?: string | null;
  /** The visitor named by what they gave, else "Visitor" and a short id. */
  visitor?: string;
};

type DateRange = 'all' | 'today' | '7' | '30';
type SortKey = 'date' | 'messages' | 'engagement' | 'duration';

/** The start of the range, in the browser's own day for 'today'. */
function rangeStart(range: DateRange, now = new Date()): Date | null {
  if (range === 'all') return null;
  if (range === 'today') return new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return new Date(now.getTime() - Number(range) * 86_400_000);
}

const LEVEL_RANK = { Loaded: 0, Opened: 1, Engaged: 2 } as const;
const durationMs = (r: Row) => Math.max(0, new Date(r.ended_at).getTime() - new Date(r.started_at).getTime());
function formatDuration(ms: number) {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m ${s % 60}s` : `${Math.floor(m / 60)}h ${m % 60}m`;
}
const levelOf = (r: Row) => engagementLevel(r);
const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Staff ratings (excellent, poor) and the visitor's thumbs, as icons with their counts. */
function RatingCounts({ row: r }: { row: Row }) {
  const item = (Icon: typeof Star, count: number, label: string) => (
    <span className="inline-flex items-center gap-0.5" aria-label={`${count} ${label}`} title={label}>
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {count}
    </span>
  );
  return (
    <span className="inline-flex flex-wrap gap-x-2 gap-y-1 whitespace-nowrap text-xs">
      {item(Star, r.excellent_ratings_count, 'excellent')}
      {item(X, r.poor_ratings_count, 'poor')}
      {item(ThumbsUp, r.user_thumbs_up_count, 'thumbs up')}
      {item(ThumbsDown, r.user_thumbs_down_count, 'thumbs down')}
    </span>
  );
}

/** `canErase`: school admins and superusers may erase the visitor of a conversation. */
export function LogsPanel({ canErase = false }: { canErase?: boolean }) {
  const [source, setSource] = useState<'' | 'widget' | 'test_chat'>('');
  const [engagement, setEngagement] = useState<'' | EngagementFilter>('');
  const [handled, setHandled] = useState<'' | 'true' | 'false'>('');
  const [range, setRange] = useState<DateRange>('all');
  // Fixed when the range is picked, so the list does not shift while it is read.
  const [since, setSince] = useState<Date | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('date');
  const [descending, setDescending] = useState(true);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<Row | null>(null);
  const list = useScreenData<Row[]>(`chatbot-logs:${source}`, () => conversationsAction({ source: source || undefined }), { keepPrevious: true });

  const filtered = useMemo(() => {
    const text = search.trim().toLowerCase();
    const status = engagement ? ENGAGEMENT_FILTERS[engagement] : null;
    const rows = (list.data ?? []).filter(
      (r) =>
        (!status || (r.status ?? 'widget_loaded') === status) &&
        (!handled || (r.human_handled === true) === (handled === 'true')) &&
        (!since || new Date(r.started_at) >= since) &&
        (!text || r.session_id.toLowerCase().includes(text) || (r.visitor ?? '').toLowerCase().includes(text) || (r.first_question ?? '').toLowerCase().includes(text)),
    );
    const key: Record<SortKey, (r: Row) => number> = {
      date: (r) => new Date(r.started_at).getTime(),
      messages: (r) => r.message_count,
      engagement: (r) => LEVEL_RANK[levelOf(r)],
      duration: durationMs,
    };
    const k = key[sort];
    // Ties keep the newest first.
    return rows.sort((a, b) => (descending ? k(b) - k(a) : k(a) - k(b)) || new Date(b.started_at).getTime() - new Date(a.started_at).getTime());
  }, [list.data, engagement, handled, since, search, sort, descending]);

  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = filtered.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const reset = () => setPage(0);

  // Six columns that fit the content width at 1280 px: who, when, how far they got, how much, ratings, View.
  const columns = useMemo<PlainColumn<Row>[]>(
    () => [
      {
        id: 'visitor',
        header: 'Visitor',
        cell: ({ row }) => (
          <div className="min-w-0 max-w-[22rem]">
            <VisitorText className="font-medium" text={row.original.visitor ?? shortVisitor(row.original.session_id)} />
            {row.original.first_question && (
              <p className="mt-0.5 text-xs text-slate-700 dark:text-slate-300">
                <VisitorText text={truncate(row.original.first_question, 80)} />
              </p>
            )}
          </div>
        ),
      },
      {
        id: 'started',
        header: 'Started',
        cell: ({ row }) => (
          <div className="whitespace-nowrap">
            {new Date(row.original.started_at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
            <p className="text-xs text-slate-700 dark:text-slate-300">{formatDuration(durationMs(row.original))}</p>
          </div>
        ),
      },
      {
        id: 'engagement',
        header: 'Engagement',
        cell: ({ row }) => {
          const r = row.original;
          const level = levelOf(r);
          const code = r.language;
          return (
            <div className="flex flex-wrap items-center gap-1">
              <Badge tone={level === 'Engaged' ? 'success' : level === 'Opened' ? 'brand' : 'neutral'}>{level}</Badge>
              {r.handoff_at && <Badge tone="warning">Asked for a person</Badge>}
              {r.human_handled && <Badge tone="brand">Handled by staff</Badge>}
              {code && code !== 'en' && (
                <span className="text-xs text-slate-700 dark:text-slate-300" title={code}>
                  {isLanguage(code) ? LANGUAGE_NAMES[code] : code}
                </span>
              )}
            </div>
          );
        },
      },
      { id: 'messages', header: 'Messages', cell: ({ row }) => row.original.message_count },
      { id: 'ratings', header: 'Ratings', cell: ({ row }) => <RatingCounts row={row.original} /> },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Button variant="secondary" className="px-2 py-1" onClick={() => setOpen(row.original)} aria-label={`View conversation with ${row.original.visitor ?? shortVisitor(row.original.session_id)}`}>
            View
          </Button>
        ),
      },
    ],
    [],
  );

  function exportFile(format: 'csv' | 'jsonl') {
    const params = new URLSearchParams({ format });
    if (source) params.set('source', source);
    if (engagement) params.set('status', ENGAGEMENT_FILTERS[engagement]);
    if (handled) params.set('handled_by_staff', handled);
    if (since) params.set('from_date', since.toISOString());
    if (search.trim()) params.set('q', search.trim());
    // A plain link: the browser streams the file to disk with the staff session.
    const a = Object.assign(document.createElement('a'), { href: `/conversations/export?${params}`, download: '' });
    document.body.append(a);
    a.click();
    a.remove();
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Conversation Logs</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => exportFile('csv')} disabled={!list.data}>
            Export CSV
          </Button>
          <Button variant="secondary" onClick={() => exportFile('jsonl')} disabled={!list.data}>
            Export JSONL
          </Button>
          <Button variant="secondary" onClick={() => list.reload()}>
            Refresh
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label="Filter conversations">
        <TextField
          label="Search"
          type="search"
          placeholder="Visitor, reference or first question"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            reset();
          }}
        />
        <SelectField
          label="Engagement"
          value={engagement}
          onChange={(e) => {
            setEngagement(e.target.value as '' | EngagementFilter);
            reset();
          }}
        >
          <option value="">All engagement</option>
          <option value="widget_loaded">Widget loaded</option>
          <option value="widget_opened">Widget opened</option>
          <option value="conversation_engaged">Conversation engaged</option>
        </SelectField>
        <SelectField
          label="Staff"
          value={handled}
          onChange={(e) => {
            setHandled(e.target.value as '' | 'true' | 'false');
            reset();
          }}
        >
          <option value="">All conversations</option>
          <option value="true">Handled by staff</option>
          <option value="false">Assistant only</option>
        </SelectField>
        <SelectField
          label="Date range"
          value={range}
          onChange={(e) => {
            const next = e.target.value as DateRange;
            setRange(next);
            setSince(rangeStart(next));
            reset();
          }}
        >
          <option value="all">All time</option>
          <option value="today">Today</option>
          <option value="7">Last 7 days</option>
          <option value="30">Last 30 days</option>
        </SelectField>
        <SelectField
          label="Source"
          value={source}
          onChange={(e) => {
            setSource(e.target.value as '' | 'widget' | 'test_chat');
            reset();
          }}
        >
          <option value="">All sources</option>
          <option value="widget">Widget</option>
          <option value="test_chat">Test chat</option>
        </SelectField>
        <div className="grid grid-cols-[1fr_auto] items-end gap-2">
          <SelectField
            label="Sort by"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as SortKey);
              reset();
            }}
          >
            <option value="date">Date</option>
            <option value="messages">Messages</option>
            <option value="engagement">Engagement</option>
            <option value="duration">Duration</option>
          </SelectField>
          <Button
            variant="secondary"
            aria-label={descending ? 'Sort descending (click for ascending)' : 'Sort ascending (click for descending)'}
            onClick={() => {
              setDescending((d) => !d);
              reset();
            }}
          >
            {descending ? '↓' : '↑'}
          </Button>
        </div>
      </div>
      {list.failure && <Banner tone="error">Failed to load conversations</Banner>}
      {list.loading ? (
        <p role="status">Loading conversations...</p>
      ) : list.data ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" role="status" data-testid="logs-count">
            {filtered.length === 0
              ? 'No conversations match.'
              : `Showing ${current * PAGE_SIZE + 1}–${current * PAGE_SIZE + shown.length} of ${filtered.length} conversation${filtered.length === 1 ? '' : 's'}`}
          </p>
          <DataTable
            columns={columns}
            data={shown}
            caption="Conversations"
            rowKey={(r) => r.id}
            cardsWhenNarrow
            empty={(list.data.length === 0 ? 'No conversations yet. They appear here once visitors use the chat widget.' : 'No conversations match these filters.')}
          />
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
              <Button variant="secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>
                Previous
              </Button>
              <span>
                Page {current + 1} of {pages}
              </span>
              <Button variant="secondary" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      ) : null}
      {open && <ConversationModal id={open.id} title={`Conversation with ${open.visitor ?? shortVisitor(open.session_id)}`} onClose={() => setOpen(null)} onChanged={() => list.reload()} canErase={canErase} />}
    </div>
  );
}
