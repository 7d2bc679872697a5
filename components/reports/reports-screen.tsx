'use client';

import { stringify } from 'csv-stringify/browser/esm/sync';
import { MetricCard } from '@/components/ui/metric-card';
import { useState, type ReactNode } from 'react';
import {
  chatbotMultiSchoolReportAction,
  chatbotReportAction,
  leadsMultiSchoolReportAction,
  leadsReportAction,
  reportSchoolsAction,
} from '@/app/actions/reports';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import type { ActionFailure, ActionResult } from '@/lib/http/action-result';
import { FROM_AFTER_TO, TO_BEFORE_FROM, type ChatbotReport, type LeadsReport, type MultiSchoolChatbotReport, type MultiSchoolLeadsReport, type ReportSchool } from '@/lib/reports/schema';
import {
  CHATBOT_FIELDS,
  chatbotCsvRows,
  chatbotSeparateCsvRows,
  combineChatbot,
  combineLeads,
  defaultRange,
  leadsCsvRows,
  leadsSeparateCsvRows,
  localIsoDate,
  schoolColor,
  scopeOf,
  seriesKey,
  shortDay,
  type ChatbotField,
  type ReportScope,
} from '@/lib/reports/view';
import { useScreenData } from '@/lib/web/screen-data';
import { ReportLineChart, type ReportSeries } from './report-chart';

// The Reports screen and, for superusers, Advanced
// Reports (the same sections for all schools combined, separately, or one school).

type Section = 'chatbot' | 'leads';
type Range = { from: string; to: string };

/** The server's detail when it sent one, else 'Failed to load report data'. */
const loadError = (f: ActionFailure) => (f.code === 'unavailable' || !f.error ? 'Failed to load report data' : f.error);

const FIELD_TITLES: Record<ChatbotField, string> = {
  total: 'Total Conversations Over Time',
  widget_loaded: 'Widget Loaded Over Time',
  widget_opened: 'Widget Opened Over Time',
  engaged: 'Engaged Conversations Over Time',
};
const FIELD_LABELS: Record<ChatbotField, string> = { total: 'Conversations', widget_loaded: 'Widget Loaded', widget_opened: 'Widget Opened', engaged: 'Engaged' };
const SINGLE_COLORS: Record<ChatbotField, string> = { total: '#1d4ed8', widget_loaded: '#475569', widget_opened: '#0891b2', engaged: '#059669' };

function Card({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid={testId}>
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">{value}</dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-300">{hint}</dd>}
    </div>
  );
}

function download(rows: (string | number)[][], name: string) {
  const blob = new Blob([stringify(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** From Date and To Date: To's max is today and its min the current From; From's max the current To. */
function DatePickers({ range, onChange }: { range: Range; onChange: (r: Range) => void }) {
  const today = localIsoDate(new Date());
  const [message, setMessage] = useState<string | null>(null);
  const setFrom = (from: string) => {
    if (!from) return;
    if (from > range.to) return setMessage(FROM_AFTER_TO);
    setMessage(null);
    onChange({ from, to: range.to });
  };
  const setTo = (to: string) => {
    if (!to) return;
    if (to < range.from) return setMessage(TO_BEFORE_FROM);
    if (to > today) return setMessage('To date cannot be after today');
    setMessage(null);
    onChange({ from: range.from, to });
  };
  return (
    <div className="space-y-2">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="From Date" type="date" value={range.from} max={range.to} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To Date" type="date" value={range.to} min={range.from} max={today} onChange={(e) => setTo(e.target.value)} />
      </div>
      {message && <Banner tone="error">{message}</Banner>}
    </div>
  );
}

type ChatbotData = { kind: 'one'; report: ChatbotReport } | { kind: 'separate'; report: MultiSchoolChatbotReport };
type LeadsData = { kind: 'one'; report: LeadsReport } | { kind: 'separate'; report: MultiSchoolLeadsReport };

const unwrap = <T, U>(res: ActionResult<T>, map: (d: T) => U): ActionResult<U> => (res.ok ? { ok: true, data: map(res.data) } : res);

async function loadChatbot(scope: ReportScope, range: Range): Promise<ActionResult<ChatbotData>> {
  const q = { from_date: range.from, to_date: range.to };
  if (scope.kind === 'all') return unwrap(await chatbotMultiSchoolReportAction({ query: q }), (r) => ({ kind: 'one' as const, report: combineChatbot(r) }));
  if (scope.kind === 'separate') return unwrap(await chatbotMultiSchoolReportAction({ query: q }), (r) => ({ kind: 'separate' as const, report: r }));
  const res = await chatbotReportAction({ query: scope.kind === 'school' ? { ...q, school_id: scope.id } : q });
  return unwrap(res, (r) => ({ kind: 'one' as const, report: r }));
}

async function loadLeads(scope: ReportScope, range: Range): Promise<ActionResult<LeadsData>> {
  const q = { from_date: range.from, to_date: range.to };
  if (scope.kind === 'all') return unwrap(await leadsMultiSchoolReportAction({ query: q }), (r) => ({ kind: 'one' as const, report: combineLeads(r) }));
  if (scope.kind === 'separate') return unwrap(await leadsMultiSchoolReportAction({ query: q }), (r) => ({ kind: 'separate' as const, report: r }));
  const res = await leadsReportAction({ query: scope.kind === 'school' ? { ...q, school_id: scope.id } : q });
  return unwrap(res, (r) => ({ kind: 'one' as const, report: r }));
}

const scopeKey = (s: ReportScope) => (s.kind === 'school' ? `school-${s.id}` : s.kind);

/** One section (Chatbot or Leads) for one scope: pickers, Update Report, error, cards, charts, empty and loading states. */
function ReportSection<T extends ChatbotData | LeadsData>({
  section,
  scope,
  range,
  onRangeChange,
  load,
  render,
  isEmpty,
  csv,
}: {
  section: Section;
  scope: ReportScope;
  range: Range;
  onRangeChange: (r: Range) => void;
  load: (scope: ReportScope, range: Range) => Promise<ActionResult<T>>;
  render: (data: T) => ReactNode;
  isEmpty: (data: T) => boolean;
  csv: (data: T) => (string | number)[][];
}) {
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [updating, setUpdating] = useState(false);
  const key = `reports:${section}:${scopeKey(scope)}:${range.from}:${range.to}`;
  const { data, loading, reload } = useScreenData<T>(key, () => load(scope, range), {
    onError: (f) => setFailure(f),
    onSuccess: () => setFailure(null),
    fallback: 'Failed to load report data',
  });
  const busy = loading || updating;
  const update = async () => {
    setUpdating(true);
    try {
      await reload();
    } finally {
      setUpdating(false);
    }
  };
  const noun = section === 'chatbot' ? 'conversation' : 'lead';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="min-w-[16rem] flex-1">
          <DatePickers range={range} onChange={onRangeChange} />
        </div>
        <div className="flex gap-2 pb-0.5">
          <Button onClick={update} disabled={busy}>
            {busy ? 'Loading...' : 'Update Report'}
          </Button>
          <Button variant="secondary" disabled={!data || busy} onClick={() => data && download(csv(data), `${section}-report-${range.from}-to-${range.to}.csv`)}>
            Download CSV
          </Button>
        </div>
      </div>
      {failure && <Banner tone="error">{loadError(failure)}</Banner>}
      {loading && !data ? (
        <p role="status" className="rounded-lg border border-slate-200 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-200">
          Loading report data...
        </p>
      ) : data && isEmpty(data) ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-600" data-testid="report-empty">
          <h3 className="text-lg font-semibold text-slate-900 dark:text-white">No Data Available</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">No {noun} data was found for the selected date range.</p>
        </div>
      ) : data ? (
        render(data)
      ) : null}
    </div>
  );
}

function chatbotView(data: ChatbotData): ReactNode {
  if (data.kind === 'one') {
    const { metrics, summary } = data.report;
    const labels = metrics.map((m) => shortDay(m.date));
    return (
      <>
        <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Card testId="card-days" label="Total Period (days)" value={summary.days_in_range} />
          <MetricCard testId="card-total" metric="total_conversations" value={summary.total_conversations} />
          <MetricCard testId="card-loaded" metric="widget_loaded" value={summary.total_widget_loaded} />
          <MetricCard testId="card-opened" metric="widget_opened" value={summary.total_widget_opened} />
          <MetricCard testId="card-engaged" metric="engaged" value={summary.total_engaged} />
        </dl>
        <div className="grid gap-4 lg:grid-cols-2">
          {CHATBOT_FIELDS.map((f) => (
            <ReportLineChart
              key={f}
              testId={`chart-${f}`}
              title={FIELD_TITLES[f]}
              labels={labels}
              height={300}
              series={[{ key: f, label: FIELD_LABELS[f], color: SINGLE_COLORS[f], data: metrics.map((m) => m[f]) }]}
            />
          ))}
        </div>
      </>
    );
  }
  const { schools, metrics, summary } = data.report;
  const labels = metrics.map((m) => shortDay(m.date));
  const seriesFor = (f: ChatbotField): ReportSeries[] =>
    schools.map((s, i) => ({ key: seriesKey(s.name, f), label: s.name, color: schoolColor(i), data: metrics.map((m) => m.schools[String(s.id)]?.[f] ?? 0) }));
  return (
    <>
      <SchoolSummaryTable
        caption="Chatbot summary by school"
        headers={['Total Period (days)', 'Total Conversations', 'Widget Loaded', 'Widget Opened', 'Engaged']}
        rows={schools.map((s) => {
          const x = summary[String(s.id)];
          return { school: s, values: [x?.days_in_range ?? 0, x?.total_conversations ?? 0, x?.total_widget_loaded ?? 0, x?.total_widget_opened ?? 0, x?.total_engaged ?? 0] };
        })}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        {CHATBOT_FIELDS.map((f) => (
          <ReportLineChart key={f} testId={`chart-${f}`} title={FIELD_TITLES[f]} labels={labels} height={300} series={seriesFor(f)} />
        ))}
      </div>
    </>
  );
}

function leadsView(data: LeadsData): ReactNode {
  if (data.kind === 'one') {
    const { metrics, summary } = data.report;
    return (
      <>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Card testId="card-days" label="Total Period (days)" value={summary.days_in_range} />
          <MetricCard testId="card-leads" metric="total_leads" value={summary.total_leads} />
          <Card testId="card-average" label="Daily Average" value={summary.avg_daily_leads.toFixed(2)} />
        </dl>
        <ReportLineChart
          testId="chart-leads"
          title="Leads Submitted Over Time"
          labels={metrics.map((m) => shortDay(m.date))}
          height={400}
          series={[{ key: 'leads', label: 'Leads', color: '#1d4ed8', data: metrics.map((m) => m.total) }]}
        />
      </>
    );
  }
  const { schools, metrics, summary } = data.report;
  return (
    <>
      <SchoolSummaryTable
        caption="Leads summary by school"
        headers={['Total Period (days)', 'Total Leads', 'Daily Average']}
        rows={schools.map((s) => {
          const x = summary[String(s.id)];
          return { school: s, values: [x?.days_in_range ?? 0, x?.total_leads ?? 0, (x?.avg_daily_leads ?? 0).toFixed(2)] };
        })}
      />
      <ReportLineChart
        testId="chart-leads"
        title="Leads Submitted Over Time"
        labels={metrics.map((m) => shortDay(m.date))}
        height={400}
        series={schools.map((s, i) => ({ key: seriesKey(s.name, 'leads'), label: s.name, color: schoolColor(i), data: metrics.map((m) => m.schools[String(s.id)] ?? 0) }))}
      />
    </>
  );
}

function SchoolSummaryTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: { school: ReportSchool; values: (string | number)[] }[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="min-w-full text-sm" data-testid="school-summary">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left dark:bg-slate-800">
          <tr>
            <th scope="col" className="px-3 py-2">
              School
            </th>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-right">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.school.id} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {r.school.name}
              </th>
              {r.values.map((v, i) => (
                <td key={headers[i]} className="px-3 py-2 text-right tabular-nums">
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const chatbotEmpty = (d: ChatbotData) =>
  d.kind === 'one' ? d.report.summary.total_conversations === 0 : Object.values(d.report.summary).every((s) => s.total_conversations === 0);
const leadsEmpty = (d: LeadsData) => (d.kind === 'one' ? d.report.summary.total_leads === 0 : Object.values(d.report.summary).every((s) => s.total_leads === 0));
const chatbotCsv = (d: ChatbotData) => (d.kind === 'one' ? chatbotCsvRows(d.report) : chatbotSeparateCsvRows(d.report));
const leadsCsv = (d: LeadsData) => (d.kind === 'one' ? leadsCsvRows(d.report) : leadsSeparateCsvRows(d.report));

/** The Chatbot / Leads switch and the section shown, for one scope. */
function Report({ scope }: { scope: ReportScope }) {
  const [section, setSection] = useState<Section>('chatbot');
  const [range, setRange] = useState<Range>(() => defaultRange());
  return (
    <div className="space-y-4">
      <div role="group" aria-label="Report section" className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
        {(['chatbot', 'leads'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={section === s}
            onClick={() => setSection(s)}
            className={`rounded px-4 py-1.5 text-sm font-medium ${section === s ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'}`}
          >
            {s === 'chatbot' ? 'Chatbot' : 'Leads'}
          </button>
        ))}
      </div>
      {section === 'chatbot' ? (
        <ReportSection section="chatbot" scope={scope} range={range} onRangeChange={setRange} load={loadChatbot} render={chatbotView} isEmpty={chatbotEmpty} csv={chatbotCsv} />
      ) : (
        <ReportSection section="leads" scope={scope} range={range} onRangeChange={setRange} load={loadLeads} render={leadsView} isEmpty={leadsEmpty} csv={leadsCsv} />
      )}
    </div>
  );
}

export function ReportsScreen({ schoolName }: { schoolName: string | null }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <div>
        <h1 className="text-2xl font-bold">Reports</h1>
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {schoolName ? `${schoolName}: ` : ''}conversations and leads per day, in your school&apos;s time zone (set in School Management → School Info).
        </p>
      </div>
      <Report scope={{ kind: 'own' }} />
    </div>
  );
}

/** Advanced Reports (superusers): 'View Data For:' picks combined, separately or one school; a change remounts the report. */
export function AdvancedReportsScreen() {
  const [choice, setChoice] = useState('all');
  const schools = useScreenData<ReportSchool[]>('reports:schools', () => reportSchoolsAction());
  // A failed school list is emptied silently.
  const list = schools.data ?? [];
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <div>
        <h1 className="text-2xl font-bold">Advanced Reports</h1>
        <p className="text-sm text-slate-700 dark:text-slate-200">Every school on the platform, each counted in its own time zone.</p>
      </div>
      <div className="max-w-sm">
        <SelectField label="View Data For:" value={choice} disabled={schools.loading} onChange={(e) => setChoice(e.target.value)}>
          {schools.loading ? (
            <option value={choice}>Loading schools...</option>
          ) : (
            <>
              <option value="all">All Schools Combined</option>
              <option value="separate">All Schools Separately</option>
              {list.length > 0 && (
                <optgroup label="Individual Schools">
                  {list.map((s) => (
                    <option key={s.id} value={String(s.id)}>
                      {s.name}
                    </option>
                  ))}
                </optgroup>
              )}
            </>
          )}
        </SelectField>
      </div>
      <Report key={choice} scope={scopeOf(choice)} />
    </div>
  );
}
