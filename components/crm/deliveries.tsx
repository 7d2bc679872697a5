'use client';

import { useState } from 'react';
import { crmDeliveriesAction, replayCrmDeliveryAction, sendExistingLeadsAction, unsentLeadsAction } from '@/app/actions/crm';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { VisitorText } from '@/components/ui/visitor-text';
import type { CrmDeliveryStatus, CrmDeliveryView } from '@/lib/crm/schema';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';

const PAGE_SIZE = 10;
const TONE: Record<CrmDeliveryStatus, 'success' | 'danger' | 'warning' | 'neutral'> = { succeeded: 'success', failed: 'danger', pending: 'warning', cancelled: 'neutral' };
const LABEL: Record<CrmDeliveryStatus, string> = { succeeded: 'Delivered', failed: 'Failed', pending: 'Pending', cancelled: 'Cancelled' };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** Each lead delivery with its attempts, newest first; Replay sends one again now. With `canSend`, leads never sent (saved before the CRM was connected) are offered once. */
export function Deliveries({ canSend = false }: { canSend?: boolean }) {
  const [page, setPage] = useState(1);
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const list = useScreenData(`crm-deliveries:${page}`, () => crmDeliveriesAction({ query: { page, page_size: PAGE_SIZE } }), {
    fallback: 'Failed to load deliveries',
    keepPrevious: true,
    // While something is waiting to be sent, look again now and then.
    pollMs: (d) => (d?.items.some((i) => i.status === 'pending') ? 3000 : 0),
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const unsent = useScreenData('crm-unsent-leads', () => unsentLeadsAction({}), { fallback: 'Failed to count existing leads' });
  const unsentCount = unsent.data?.unsent ?? 0;
  const [sending, setSending] = useState(false);

  async function sendExisting() {
    setNote(null);
    setSending(true);
    const res = await callAction(() => sendExistingLeadsAction({}), 'Failed to queue the existing leads');
    setSending(false);
    if (!res.ok) return setNote({ tone: 'error', text: res.error });
    setNote({ tone: 'success', text: res.data.message });
    await Promise.all([unsent.reload(), list.reload()]);
  }

  async function replay(d: CrmDeliveryView) {
    setNote(null);
    const res = await callAction(() => replayCrmDeliveryAction({ params: { id: d.id } }), 'Failed to replay the delivery');
    if (!res.ok) return setNote({ tone: 'error', text: res.error });
    setNote({ tone: 'success', text: `Delivery ${d.id} queued again.` });
    await list.reload();
  }

  return (
    <section aria-labelledby="crm-deliveries-title" className="space-y-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="crm-deliveries-title" className="text-lg font-semibold">
          Deliveries
        </h2>
        <Button variant="secondary" onClick={() => void list.reload()}>
          Refresh
        </Button>
      </div>
      {canSend && unsentCount > 0 && (
        <div data-testid="crm-existing-leads" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm dark:border-brand-800 dark:bg-brand-950">
          <p>
            {unsentCount === 1 ? '1 lead was' : `${unsentCount} leads were`} saved before the CRM was connected and never sent. Send {unsentCount === 1 ? 'it' : 'them'} once now?
          </p>
          <Button onClick={() => void sendExisting()} disabled={sending}>
            {sending ? 'Queueing...' : 'Send existing leads'}
          </Button>
        </div>
      )}
      {note && (
        <Banner tone={note.tone} onDismiss={() => setNote(null)}>
          {note.text}
        </Banner>
      )}
      {list.loading ? (
        <p role="status">Loading deliveries...</p>
      ) : !list.data ? (
        <Banner tone="error">{list.failure?.error ?? 'Failed to load deliveries'}</Banner>
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No deliveries yet. Each new or updated lead appears here once it is queued.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="crm-deliveries">
            <caption className="sr-only">Lead deliveries, newest first</caption>
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3">Queued</th>
                <th scope="col" className="py-2 pr-3">Lead</th>
                <th scope="col" className="py-2 pr-3">Event</th>
                <th scope="col" className="py-2 pr-3">Status</th>
                <th scope="col" className="py-2 pr-3">Attempts</th>
                <th scope="col" className="py-2 pr-3">Last answer</th>
                <th scope="col" className="py-2 pr-3">Next attempt</th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((d) => (
                <tr key={d.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                  <td className="py-2 pr-3">{when(d.created_at)}</td>
                  <td className="py-2 pr-3">{d.lead_id === null ? <span className="text-slate-600 dark:text-slate-400">Deleted lead</span> : <VisitorText text={d.lead_name ?? `Lead ${d.lead_id}`} />}</td>
                  <td className="py-2 pr-3">
                    {d.event}
                    {d.test_mode && ' (test mode)'}
                  </td>
                  <td className="py-2 pr-3">
                    <Badge tone={TONE[d.status]}>{LABEL[d.status]}</Badge>
                  </td>
                  <td className="py-2 pr-3">{d.attempts}</td>
                  <td className="py-2 pr-3">
                    {d.last_status_code ? `HTTP ${d.last_status_code}` : d.last_error ? 'No answer' : '—'}
                    {d.last_duration_ms !== null && <span className="text-slate-600 dark:text-slate-400"> · {d.last_duration_ms} ms</span>}
                    {d.last_error && <span className="block text-xs text-red-700 dark:text-red-400">{d.last_error}</span>}
                    {d.last_response_excerpt && <span className="block max-w-64 truncate font-mono text-xs text-slate-600 dark:text-slate-400" title={d.last_response_excerpt}>{d.last_response_excerpt}</span>}
                  </td>
                  <td className="py-2 pr-3">{d.status === 'pending' ? when(d.next_attempt_at) : '—'}</td>
                  <td className="py-2">
                    {d.status !== 'pending' && (
                      <Button variant="secondary" aria-label={`Replay delivery ${d.id}`} onClick={() => void replay(d)}>
                        Replay
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      )}
    </section>
  );
}
