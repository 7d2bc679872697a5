'use client';

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  deleteWebLinkAction,
  generateWebLinkInsightsAction,
  listWebLinksAction,
  manualWebLinkInsightsAction,
  saveWebLinkAction,
  updateWebLinkInsightsAction,
} from '@/app/actions/knowledge';
import { Badge } from '@/components/ui/badge';
import { Banner, ErrorList, MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { EMPTY_CONTENT, NO_SCHOOL_WEB_LINKS, webLinkCreateSchema, type WebLinkView } from '@/lib/knowledge/web-link-schema';
import { callAction } from '@/lib/web/api';


const STATUS: Record<string, { label: string; tone: 'neutral' | 'success' | 'warning' | 'danger' }> = {
  pending: { label: 'No insights yet', tone: 'neutral' },
  completed: { label: 'Insights ready', tone: 'success' },
  completed_manual: { label: 'Insights from pasted text', tone: 'success' },
  manual_required: { label: 'Needs pasted text', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

function LinkForm({ initial, onSaved, onCancel, onFailed }: { initial: WebLinkView | null; onSaved: (message: string) => void; onCancel?: () => void; /** The screen drops its older success message. */ onFailed?: () => void }) {
  const [draft, setDraft] = useState({ name: initial?.name ?? '', url: initial?.url ?? '', drill_into_subpages: initial?.drill_into_subpages ?? false });
  const [errors, setErrors] = useState<string[]>([]);
  // Typing again means the last complaint has been read: it goes, so it cannot sit beside a later success.
  const edit = (change: Partial<typeof draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors([]);
  };
  const report = (list: string[]) => {
    setErrors(list);
    if (list.length) onFailed?.();
  };
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = webLinkCreateSchema.safeParse(draft);
    if (!parsed.success) return report([...new Set(parsed.error.issues.map((i) => i.message))]);
    setBusy(true);
    const res = await callAction(() => saveWebLinkAction({ id: initial?.id, data: parsed.data }));
    setBusy(false);
    if (!res.ok) {
      return report([/no school/i.test(res.error) ? NO_SCHOOL_WEB_LINKS : res.error || 'Failed to save web link']);
    }
    if (!initial) setDraft({ name: '', url: '', drill_into_subpages: false });
    report([]);
    onSaved(initial ? 'Web link updated successfully' : 'Web link added successfully');
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label={initial ? 'Edit web link' : 'Add web link'}>
      <ErrorList errors={errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Link name" required value={draft.name} onChange={(e) => edit({ name: e.target.value })} placeholder="e.g. Admissions overview" />
        <TextField label="URL" type="url" required value={draft.url} onChange={(e) => edit({ url: e.target.value })} placeholder="https://www.example.edu/admissions" />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={draft.drill_into_subpages} onChange={(e) => setDraft((d) => ({ ...d, drill_into_subpages: e.target.checked }))} />
        Drill into subpages (up to 25 pages under this address, two links deep; each page is kept as its own source)
      </label>
      <div className="flex justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : initial ? 'Save Link' : 'Add Link'}
        </Button>
      </div>
    </form>
  );
}

function InsightsEditor({ link, onClose, onSaved }: { link: WebLinkView; onClose: () => void; onSaved: (message: string) => void }) {
  const [text, setText] = useState(link.insights_summary ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    const res = await callAction(() => updateWebLinkInsightsAction({ id: link.id, insights_summary: text }));
    setBusy(false);
    if (!res.ok) return setError(res.error || 'Failed to update insights');
    onSaved('Insights updated successfully');
  }
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Insights: ${link.name}`} wide>
      {error && <Banner tone="error">{error}</Banner>}
      <label htmlFor="insights-text" className="block text-sm font-medium">
        Insights the assistant answers from
      </label>
      <textarea id="insights-text" rows={15} className={`${inputClass} font-mono text-xs`} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="mt-4 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={busy}>
          {busy ? 'Saving...' : 'Save Insights'}
        </Button>
      </div>
    </Modal>
  );
}

function ManualContent({ link, onClose, onSaved }: { link: WebLinkView; onClose: () => void; onSaved: (message: string) => void }) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (!content.trim()) return setError(EMPTY_CONTENT);
    setBusy(true);
    const res = await callAction(() => manualWebLinkInsightsAction({ id: link.id, content }));
    setBusy(false);
    if (!res.ok) return setError(res.error || 'Failed to process manual content');
    onSaved('Insights created from the pasted content');
  }
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Paste the page content" wide description={`${link.url} could not be read automatically. Copy the page's text from your browser and paste it here.`}>
      {error && <Banner tone="error">{error}</Banner>}
      <label htmlFor="manual-content" className="block text-sm font-medium">
        Page content
      </label>
      <textarea id="manual-content" rows={15} className={inputClass} value={content} onChange={(e) => setContent(e.target.value)} />
      <div className="mt-4 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={busy}>
          {busy ? 'Processing...' : 'Create Insights'}
        </Button>
      </div>
    </Modal>
  );
}

/** Web links (spec 001 §3.3, §4.3, §5.3, §8.3). */
export function WebLinks() {
  const [links, setLinks] = useState<WebLinkView[]>([]);
  const [loading, setLoading] = useState(true);
  const { error, success, setError, setSuccess } = useMessages();
  const [generating, setGenerating] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'edit' | 'insights' | 'manual' | 'delete'; link: WebLinkView } | null>(null);

  const load = useCallback(async () => {
    const res = await callAction(() => listWebLinksAction());
    setLoading(false);
    if (!res.ok) {
      return setError(/no school/i.test(res.error) ? NO_SCHOOL_WEB_LINKS : 'Failed to load web links');
    }
    setLinks(res.data);
  }, [setError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const done = (message: string) => {
    setDialog(null);
    setError(null);
    setSuccess(message);
    void load();
  };

  async function generate(link: WebLinkView) {
    setGenerating(link.id);
    setError(null);
    const res = await callAction(() => generateWebLinkInsightsAction({ id: link.id }));
    setGenerating(null);
    if (!res.ok) return setError(res.error || 'Failed to generate insights');
    await load();
    if (res.data.status === 'manual_required') setDialog({ kind: 'manual', link });
    else setSuccess('Insights generated successfully');
  }

  async function remove(link: WebLinkView) {
    const res = await callAction(() => deleteWebLinkAction({ id: link.id }));
    if (!res.ok) {
      setDialog(null);
      return setError(res.error || 'Failed to delete web link');
    }
    done('Web link deleted successfully');
  }

  if (loading) return <p role="status">Loading web links...</p>;
  return (
    <div className="space-y-4">
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="mb-3 font-semibold">Add a web link</h3>
        <LinkForm initial={null} onSaved={done} onFailed={() => setSuccess(null)} />
      </section>
      {links.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">No web links yet.</p>
      ) : (
        <ul className="space-y-3">
          {links.map((l) => {
            const status = STATUS[l.scrape_status] ?? STATUS.pending!;
            return (
              <li key={l.id} aria-label={l.name} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
                <div className="flex flex-wrap items-center gap-2">
                  <h4 className="font-semibold">{l.name}</h4>
                  <Badge tone={status.tone}>{status.label}</Badge>
                  {l.drill_into_subpages && <Badge>Subpages</Badge>}
                </div>
                <a href={l.url} target="_blank" rel="noopener noreferrer" className="mt-1 block break-all text-sm text-brand-800 underline dark:text-brand-300">
                  {l.url}
                </a>
                {l.last_scraped_at && (
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    Last read {new Date(l.last_scraped_at).toLocaleString()}
                    {l.pages_scraped > 1 ? ` · ${l.pages_scraped} pages` : ''}
                  </p>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  {l.insights_summary ? (
                    <Button variant="secondary" className="px-3 py-1.5" onClick={() => setDialog({ kind: 'insights', link: l })}>
                      Insights
                    </Button>
                  ) : null}
                  <Button variant="secondary" className="px-3 py-1.5" disabled={generating !== null} onClick={() => void generate(l)}>
                    {generating === l.id ? 'Generating insights...' : l.insights_summary ? 'Regenerate Insights' : 'Generate Insights'}
                  </Button>
                  {l.scrape_status === 'manual_required' && (
                    <Button variant="secondary" className="px-3 py-1.5" onClick={() => setDialog({ kind: 'manual', link: l })}>
                      Paste Content
                    </Button>
                  )}
                  <Button variant="secondary" className="px-3 py-1.5" onClick={() => setDialog({ kind: 'edit', link: l })}>
                    Edit
                  </Button>
                  <Button variant="danger" className="px-3 py-1.5" onClick={() => setDialog({ kind: 'delete', link: l })}>
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {dialog?.kind === 'edit' && (
        <Modal open onOpenChange={(o) => !o && setDialog(null)} title="Edit Web Link" wide>
          <LinkForm initial={dialog.link} onSaved={done} onCancel={() => setDialog(null)} />
        </Modal>
      )}
      {dialog?.kind === 'insights' && <InsightsEditor link={dialog.link} onClose={() => setDialog(null)} onSaved={done} />}
      {dialog?.kind === 'manual' && <ManualContent link={dialog.link} onClose={() => setDialog(null)} onSaved={done} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog title="Delete Web Link" onCancel={() => setDialog(null)} onConfirm={() => void remove(dialog.link)}>
          Are you sure you want to delete the web link &quot;{dialog.link.name}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
