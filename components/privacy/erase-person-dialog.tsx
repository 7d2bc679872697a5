'use client';

import { useEffect, useState } from 'react';
import { erasureAction, erasePersonAction, subjectDataAction } from '@/app/actions/privacy';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { callAction } from '@/lib/web/api';
import type { ErasureView } from '@/lib/privacy/schema';

// "Erase this person" from a Leads row or a Logs conversation: what the school holds about them is
// read first, so the confirmation names what will go; then the erasure runs (a job) and the dialog
// follows it to the end. Their data can be downloaded before (a privacy office answers an access
// request the same way).

/** Who: a lead by id, a conversation by the reference Logs shows, or an e-mail address or phone number. */
export type PersonRef = { lead_id: number } | { session_id: string } | { email?: string; phone?: string };

type Held = { leads: unknown[]; conversations: { messages: unknown[] }[]; prospects: unknown[]; crm_deliveries: unknown[]; mail: unknown[] };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What an erasure of this person removes, in words (the confirmation and the result say the same). */
export function whatGoes(h: { leads: number; conversations: number; messages: number; prospects: number; mail: number; deliveries: number }): string[] {
  return [
    plural(h.leads, 'lead'),
    `${plural(h.conversations, 'conversation')} with ${plural(h.messages, 'message')}`,
    plural(h.prospects, 'prospect row'),
    plural(h.mail, 'e-mail', 'e-mails') + ' about them in the outbox',
    plural(h.deliveries, 'CRM delivery payload', 'CRM delivery payloads'),
  ];
}

export function downloadJson(data: unknown, filename: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

export function ErasePersonDialog({ person, name, onClose, onErased }: { person: PersonRef; name: string; onClose: () => void; onErased: () => void }) {
  const [held, setHeld] = useState<Held | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [erasure, setErasure] = useState<ErasureView | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void callAction(() => subjectDataAction({ query: person })).then((res) => (res.ok ? setHeld(res.data as Held) : setError(res.error)));
  }, [person]);

  // Follows the erasure's job until it has finished.
  useEffect(() => {
    if (!erasure || erasure.status === 'completed' || erasure.status === 'failed') return;
    const timer = setTimeout(async () => {
      const res = await callAction(() => erasureAction({ params: { id: erasure.id } }));
      if (res.ok) setErasure(res.data);
      else setError(res.error);
    }, 800);
    return () => clearTimeout(timer);
  }, [erasure]);

  async function erase() {
    setBusy(true);
    const res = await callAction(() => erasePersonAction({ body: person }));
    setBusy(false);
    if (!res.ok) return setError(res.error);
    setErasure({ id: res.data.id, status: res.data.status } as ErasureView);
  }

  const counts = held && {
    leads: held.leads.length,
    conversations: held.conversations.length,
    messages: held.conversations.reduce((n, c) => n + c.messages.length, 0),
    prospects: held.prospects.length,
    mail: held.mail.length,
    deliveries: held.crm_deliveries.length,
  };
  const done = erasure?.status === 'completed';

  return (
    <Modal open onOpenChange={(o) => !o && (done ? onErased() : onClose())} title={`Erase ${name}`}>
      <div className="space-y-4 text-sm text-slate-800 dark:text-slate-200">
        {error && <Banner tone="error">{error}</Banner>}
        {!held && !error && <p role="status">Finding everything held about this person…</p>}
        {counts && !erasure && (
          <>
            <p>Everything the school holds about this person will be erased, and cannot be restored:</p>
            <ul className="list-disc space-y-1 pl-5" aria-label="What will be erased">
              {whatGoes(counts).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p>A CRM that received their lead is told (lead.deleted). Daily statistics keep their counts.</p>
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => downloadJson(held, 'subject-data.json')}>
                Download their data
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button variant="danger" onClick={erase} disabled={busy}>
                Erase this person
              </Button>
            </div>
          </>
        )}
        {erasure && !done && erasure.status !== 'failed' && <p role="status">Erasing… ({erasure.status})</p>}
        {erasure?.status === 'failed' && <Banner tone="error">The erasure failed: {erasure.error ?? 'unknown error'}. Ask again to retry.</Banner>}
        {done && erasure.erased && (
          <div role="status" className="space-y-2">
            <p className="font-semibold">Erased.</p>
            <ul className="list-disc space-y-1 pl-5">
              {whatGoes(erasure.erased).map((line) => (
                <li key={line}>{line}</li>
              ))}
              {erasure.erased.crm_notified > 0 && <li>The CRM was told of {plural(erasure.erased.crm_notified, 'lead')}</li>}
              {erasure.erased.corrections > 0 && <li>{plural(erasure.erased.corrections, 'staff correction')} made from their conversation</li>}
            </ul>
            <div className="flex justify-end">
              <Button onClick={onErased}>Done</Button>
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
