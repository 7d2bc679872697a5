'use client';

import { useState, type ReactNode } from 'react';
import { analyticsSummaryAction, conversationAnalyticsAction, generateDailyStatsAction, unansweredQuestionsAction } from '@/app/actions/analytics';
import { Banner, useMessages, MessageBanners } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { insightsOf } from '@/lib/analytics/insights';
import type { AnalyticsSummary, ConversationAnalyticsSummary } from '@/lib/analytics/schema';
import type { UnansweredQuestion } from '@/lib/analytics/unanswered-schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import type { ActionFailure } from '@/lib/http/action-result';
import { AnalyticsBarChart } from './analytics-chart';
import { CorrectionDialog } from './correction-dialog';
import { VisitorText } from '@/components/ui/visitor-text';
import { stripBidiControls } from '@/lib/text/controls';
import { MetricCard, MetricLabel } from '@/components/ui/metric-card';

// The Analytics tab.

const WINDOW_DAYS = 30;
const CHART_DAYS = 7;

const shortDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const whenAsked = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const pct = (n: number) => `${n.toFixed(1)}%`;
const seconds = (s: number | null) => (s === null ? '—' : s < 60 ? `${Math.round(s)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`);
const ms = (v: number | null) => (v === null ? '—' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`);

/** The server's detail when it sent one (an unexpected failure has none: `unavailable`), else `fallback`. */
const detailOr = (f: ActionFailure, fallback: string) => (f.code === 'unavailable' || !f.error ? fallback : f.error);
/** 'Failed to load analytics data', the server's detail used if present. */
const loadError = (f: ActionFailure) => detailOr(f, 'Failed to load analytics data');
/** A 403 on conversation analytics reads 'Authentication required'. */
const breakdownError = (f: ActionFailure) => (f.code === 'forbidden' ? 'Authentication required' : detailOr(f, 'Failed to load conversation analytics'));

function Card({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">{value}</dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-300">{hint}</dd>}
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="space-y-3" aria-label={title} data-testid={testId}>
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

function Funnel({ f }: { f: AnalyticsSummary['engagement_funnel'] }) {
  const steps = [
    { metric: 'widget_loaded' as const, value: f.widget_loads },
    { metric: 'widget_opened' as const, value: f.widget_opens, rate: `${pct(f.load_to_open_rate)} of sessions` },
    { metric: 'engaged' as const, value: f.conversations_started, rate: `${pct(f.open_to_conversation_rate)} of opens` },
  ];
  const max = Math.max(1, f.widget_loads);
  return (
    <>
      <ol className="space-y-2">
        {steps.map((s) => (
          <li key={s.metric}>
            <div className="flex justify-between text-sm">
              <span className="font-medium">
                <MetricLabel metric={s.metric} />
              </span>
              <span>
                {s.value}
                {s.rate ? ` (${s.rate})` : ''}
              </span>
            </div>
            <div className="mt-1 h-3 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
              <div className="h-3 rounded bg-brand-700" style={{ width: `${Math.min(100, (s.value / max) * 100)}%` }} />
            </div>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-700 dark:text-slate-200">Overall conversion (loads to conversations): {pct(f.overall_conversion_rate)}</p>
    </>
  );
}

function Breakdown({ title, rows, empty }: { title: string; rows: { key: string; name: string; count: number; color?: string }[]; empty: string }) {
  const total = rows.reduce((s, r) => s + r.count, 0);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h4 className="mb-2 font-semibold">{title}</h4>
      {rows.length === 0 || total === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {rows.map((r) => (
            <li key={r.key} className="text-sm">
              <div className="flex justify-between">
                <span className="flex items-center gap-2">
                  {r.color && <span className="inline-block h-3 w-3 rounded-full" style={{ backgroundColor: r.color }} aria-hidden="true" />}
                  {r.name}
                </span>
                <span>
                  {r.count} ({pct((r.count / total) * 100)})
                </span>
              </div>
              <div className="mt-1 h-2 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                <div className="h-2 rounded" style={{ width: `${(r.count / total) * 100}%`, backgroundColor: r.color ?? '#1d4ed8' }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Unanswered({ list, failure, onAnswer }: { list: UnansweredQuestion[] | undefined; failure: ActionFailure | null; onAnswer: (q: UnansweredQuestion) => void }) {
  if (failure) return <p className="text-sm text-red-800 dark:text-red-200">{detailOr(failure, 'Failed to load unanswered questions')}</p>;
  if (!list) return <p role="status">Loading unanswered questions...</p>;
  if (!list.length) return <p className="text-sm text-slate-600 dark:text-slate-300">No unanswered questions in the last {WINDOW_DAYS} days.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
      {list.map((q) => (
        <li key={q.question} className="flex flex-wrap items-start justify-between gap-3 p-4" data-testid="unanswered-question">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900 dark:text-white">
              <VisitorText text={q.question} />
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              Asked {q.count} {q.count === 1 ? 'time' : 'times'}, last {whenAsked(q.last_asked_at)}
              {q.rating_id !== null ? ' · rated poor' : ''}
            </p>
            {q.examples.length > 1 && (
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                Also asked as:{' '}
                {q.examples
                  .filter((e) => e !== q.question)
                  .map((e, i) => (
                    <span key={i}>
                      {i > 0 && ' · '}
                      <VisitorText text={e} />
                    </span>
                  ))}
              </p>
            )}
          </div>
          <Button variant="secondary" className="shrink-0" onClick={() => onAnswer(q)} aria-label={`Add answer: ${stripBidiControls(q.question)}`}>
            Add answer
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function AnalyticsPanel() {
  const summary = useScreenData('analytics-summary', () => analyticsSummaryAction());
  const breakdowns = useScreenData(`conversation-analytics-${WINDOW_DAYS}`, () => conversationAnalyticsAction({ query: { days: WINDOW_DAYS } }));
  const unanswered = useScreenData(`analytics-unanswered-${WINDOW_DAYS}`, () => unansweredQuestionsAction({ query: { days: WINDOW_DAYS } }));
  const messages = useMessages();
  const [generating, setGenerating] = useState(false);
  const [answering, setAnswering] = useState<UnansweredQuestion | null>(null);

  const reloadAll = () => Promise.all([summary.reload(), breakdowns.reload(), unanswered.reload()]);

  async function generate() {
    setGenerating(true);
    const res = await callAction(() => generateDailyStatsAction({}), 'Failed to generate daily stats');
    if (!res.ok) {
      setGenerating(false);
      messages.setError('Failed to generate daily stats');
      return;
    }
    await reloadAll();
    setGenerating(false);
    messages.setSuccess(`Daily stats generated for ${res.data.date}`);
  }

  const s = summary.data;
  const c: ConversationAnalyticsSummary | undefined = breakdowns.data;
  const empty = s && s.total_conversations === 0 && s.total_leads === 0 && s.engagement_funnel.widget_loads === 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Analytics Dashboard</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">The last {WINDOW_DAYS} days of your widget (test chats excluded).</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void reloadAll()}>
            Refresh Data
          </Button>
          <Button onClick={() => void generate()} disabled={generating}>
            {generating ? 'Generating...' : 'Generate Daily Stats'}
          </Button>
        </div>
      </div>
      <MessageBanners error={messages.error} success={messages.success} onDismissError={() => messages.setError(null)} onDismissSuccess={() => messages.setSuccess(null)} />
      {summary.failure && <Banner tone="error">{loadError(summary.failure)}</Banner>}

      {summary.loading && <p role="status">Loading analytics data...</p>}
      {s && empty && (
        <Banner tone="info">No analytics data yet. Once visitors use your chat widget, their conversations and leads appear here.</Banner>
      )}
      {s && !empty && (
        <>
          <Section title="Overview" testId="analytics-cards">
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <MetricCard metric="total_conversations" value={s.total_conversations} />
              <MetricCard metric="total_messages" value={s.total_messages} />
              <MetricCard metric="avg_response_time" value={ms(s.avg_response_time_ms)} />
              <MetricCard metric="avg_duration" value={seconds(s.avg_conversation_duration)} />
              <MetricCard metric="active_today" value={s.active_sessions_today} />
              <MetricCard metric="handoffs" value={s.handoff_requests ?? 0} />
              <MetricCard metric="human_handled" value={s.human_handled_conversations ?? 0} />
              <MetricCard metric="total_leads" value={s.total_leads} />
              <MetricCard metric="lead_conversion" value={pct(s.lead_conversion_rate)} />
            </dl>
          </Section>

          <div className="grid gap-6 lg:grid-cols-2">
            <Section title="Widget engagement funnel" testId="analytics-funnel">
              <Funnel f={s.engagement_funnel} />
            </Section>
            <Section title="Lead metrics" testId="analytics-leads">
              <dl className="grid gap-3 sm:grid-cols-2">
                <Card label="Leads today" value={s.leads_today} />
                <Card label="Leads in the last 7 days" value={s.leads_last_7days} />
                <Card label="Avg messages before a lead" value={s.avg_messages_before_lead === null ? '—' : s.avg_messages_before_lead.toFixed(1)} />
                <Card label="Lead quality" value={`${s.lead_quality.with_both} with both`} hint={`${s.lead_quality.with_email} with e-mail, ${s.lead_quality.with_phone} with phone`} />
              </dl>
              <h4 className="font-semibold">Lead sources</h4>
              {s.lead_sources.length ? (
                <ul className="text-sm">
                  {s.lead_sources.map((l) => (
                    <li key={l.source}>
                      {l.source === 'chatbot_quickinfocard' ? 'Quick Info Card' : l.source === 'chatbot_conversation' ? 'Conversation' : l.source}: {l.count}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-300">No leads yet.</p>
              )}
            </Section>
          </div>

          <Section title="Charts" testId="analytics-charts">
            <div className="grid gap-4 lg:grid-cols-2">
              <AnalyticsBarChart testId="chart-conversations-by-day" title="Conversations, last 7 days" valueLabel="Conversations" points={s.conversations_by_day.slice(-CHART_DAYS).map((d) => ({ label: shortDay(d.date), value: d.count }))} />
              <AnalyticsBarChart testId="chart-leads-by-day" title="Leads, last 7 days" valueLabel="Leads" points={s.leads_by_day.slice(-CHART_DAYS).map((d) => ({ label: shortDay(d.date), value: d.count }))} />
              <AnalyticsBarChart
                testId="chart-conversations-by-hour"
                title="Conversations by hour of day (school time zone)"
                valueLabel="Conversations"
                points={s.conversations_by_hour.map((h) => ({ label: `${String(h.hour).padStart(2, '0')}:00`, value: h.count }))}
              />
            </div>
          </Section>

          <Section title="Insights" testId="analytics-insights">
            <ul className="grid gap-3 sm:grid-cols-2">
              {insightsOf(s).map((i) => (
                <li key={i.key} className="rounded-lg border border-slate-200 bg-white p-4 text-sm dark:border-slate-700 dark:bg-slate-900">
                  <p className="font-semibold">
                    {i.title}: {i.level}
                  </p>
                  <p>{i.text}</p>
                </li>
              ))}
            </ul>
          </Section>
        </>
      )}

      {!summary.loading && (
        <Section title="Conversation topics and sentiment" testId="analytics-breakdowns">
          {breakdowns.failure && <p className="text-sm text-red-800 dark:text-red-200">{breakdownError(breakdowns.failure)}</p>}
          {c && <p className="text-sm text-slate-600 dark:text-slate-300">{c.total_analyzed_turns} visitor messages analysed from {c.date_range.start_date} to {c.date_range.end_date}.</p>}
          <div className="grid gap-4 lg:grid-cols-2">
            <Breakdown title="Topics" empty="No topics yet." rows={(c?.topic_breakdown ?? []).map((t) => ({ key: t.category, name: t.name, count: t.count }))} />
            <Breakdown title="Sentiment" empty="No sentiment yet." rows={(c?.sentiment_breakdown ?? []).map((t) => ({ key: t.category, name: t.name, count: t.count, color: t.color }))} />
          </div>
        </Section>
      )}

      <Section title="Unanswered questions" testId="analytics-unanswered">
        <p className="text-sm text-slate-600 dark:text-slate-300">What visitors asked in the last {WINDOW_DAYS} days that the assistant could not answer, or answered poorly. Add the answer and the assistant gives it from now on.</p>
        <Unanswered list={unanswered.data} failure={unanswered.failure} onAnswer={setAnswering} />
      </Section>

      <CorrectionDialog
        open={answering !== null}
        question={answering?.question ?? ''}
        answer=""
        ratingId={answering?.rating_id ?? null}
        onClose={() => setAnswering(null)}
        onSaved={() => {
          setAnswering(null);
          messages.setSuccess('Answer saved: the assistant will use it from now on.');
          void unanswered.reload();
        }}
      />
    </div>
  );
}
