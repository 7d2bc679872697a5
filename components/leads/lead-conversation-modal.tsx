'use client';

import { useState } from 'react';
import { leadConversationAction } from '@/app/actions/leads';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { speakerOf } from '@/lib/conversations/speaker';
import type { LeadView } from '@/lib/leads/manage-schema';
import { useScreenData } from '@/lib/web/screen-data';
import { MessageText } from '@/components/ui/message-text';
import { escapeHtml } from '@/lib/text/html';

// A lead's conversation. Ratings, sentiment and topics are hidden
// unless asked for; the transcript can be printed or downloaded as plain text.

type Message = { message_index: number; role: 'user' | 'assistant' | 'staff' | 'system'; content: string; author?: string | null; timestamp: string; rating: 'excellent' | 'poor' | null; sentiment: string | null; topics: string[] };
type Answer = { lead_id: number; conversation_text: string | null; conversations: { conversation_id: number; session_id: string; started_at: string; messages: Message[] }[] };

export const NO_SESSION = 'No conversation data available for this lead.';
export const POPUP_BLOCKED = 'The print window was blocked. Please allow pop-ups for this site in your browser (check the popup blocker) and try again.';

const nameOf = (l: LeadView) => [l.first_name, l.last_name].filter(Boolean).join(' ') || `Lead ${l.id}`;

function Body({ lead }: { lead: LeadView }) {
  const answer = useScreenData<Answer>(`lead-conversation-${lead.id}`, () => leadConversationAction({ params: { id: lead.id } }));
  const [details, setDetails] = useState(false);
  if (answer.loading) return <p role="status">Loading conversation...</p>;
  if (answer.failure || !answer.data) return <Banner tone="error">Error fetching conversation</Banner>;
  const text = answer.data.conversation_text;
  if (text === null) return <p className="text-sm text-slate-700 dark:text-slate-300">No conversation</p>;
  if (text === '') return <p className="text-sm text-slate-700 dark:text-slate-300">No conversation content</p>;
  const title = `Conversation with ${nameOf(lead)}`;

  function print() {
    const win = window.open('', '_blank');
    if (!win) {
      window.alert(POPUP_BLOCKED);
      return;
    }
    win.document.write(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem}pre{white-space:pre-wrap;font:inherit}</style></head><body><h1>${escapeHtml(title)}</h1><pre>${escapeHtml(text!)}</pre></body></html>`,
    );
    win.document.close();
    win.focus();
    win.print();
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text!], { type: 'text/plain;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: `conversation-lead-${lead.id}-${new Date().toISOString().slice(0, 10)}.txt` });
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={details} onChange={(e) => setDetails(e.target.checked)} />
          Show ratings, sentiment and topics
        </label>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={print}>
            Print
          </Button>
          <Button variant="secondary" onClick={download}>
            Download
          </Button>
        </div>
      </div>
      {answer.data.conversations
        .filter((c) => c.messages.length > 0)
        .map((c) => (
          <section key={c.conversation_id} aria-label={`Conversation started ${new Date(c.started_at).toLocaleString()}`} className="space-y-3">
            <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Started {new Date(c.started_at).toLocaleString()}</h3>
            <ol className="space-y-3" aria-label="Messages">
              {c.messages.map((m) => (
                <li key={m.message_index} data-testid="lead-message" className={`rounded-lg border p-3 text-sm ${m.role === 'user' ? 'border-sky-200 bg-sky-50 dark:border-sky-900 dark:bg-sky-950' : m.role === 'staff' ? 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950' : 'border-slate-200 dark:border-slate-700'}`}>
                  <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
                    <span className="font-semibold uppercase">{speakerOf(m)}</span>
                    <time dateTime={m.timestamp}>{new Date(m.timestamp).toLocaleString()}</time>
                    {details && m.rating && <Badge tone={m.rating === 'excellent' ? 'success' : 'danger'}>{m.rating === 'excellent' ? 'Excellent' : 'Poor'}</Badge>}
                    {details && m.sentiment && <Badge>Sentiment: {m.sentiment}</Badge>}
                    {details && m.topics.map((t) => <Badge key={t}>{t}</Badge>)}
                  </div>
                  <MessageText role={m.role} content={m.content} />
                </li>
              ))}
            </ol>
          </section>
        ))}
    </div>
  );
}

export function LeadConversationModal({ lead, onClose }: { lead: LeadView; onClose: () => void }) {
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Conversation with ${nameOf(lead)}`} wide>
      {lead.session_id ? <Body lead={lead} /> : <p className="text-sm text-slate-700 dark:text-slate-300">{NO_SESSION}</p>}
    </Modal>
  );
}
