'use client';

import { useState, type FormEvent } from 'react';
import {
  deleteWebLinkAction,
  generateWebLinkInsightsAction,
  listWebLinksAction,
  manualWebLinkInsightsAction,
  saveWebLinkAction,
  updateWebLinkInsightsAction,
} from '@/app/actions/knowledge';
import { Badge } from '@/components/ui/badge';
import { Banner, ErrorList, MessageBanners } from '@/components/ui/banner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass, TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { CardButton, EditDeleteButtons, ItemCard, ItemList } from '@/components/ui/item-list';
import { InsightsText } from './insights-text';
import { Modal } from '@/components/ui/modal';
import { issueMessages, useFormErrors, useListScreen } from '@/components/ui/use-list-screen';
import { EMPTY_CONTENT, NO_SCHOOL_WEB_LINKS, webLinkCreateSchema, type WebLinkView } from '@/lib/knowledge/web-link-schema';
import { callAction, failureText } from '@/lib/web/api';

/** While a link is being read, the list is polled this often. */
const POLL_MS = 3000;

const STATUS: Record<string, { label: string; tone: 'neutral' | 'brand' | 'success' | 'warning' | 'danger' }> = {
  pending: { label: 'No insights yet', tone: 'neutral' },
  processing: { label: 'Reading pages...', tone: 'brand' },
  completed: { label: 'Insights ready', tone: 'success' },
  completed_manual: { label: 'Insights from pasted text', tone: 'success' },
  manual_required: { label: 'Needs pasted text', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

function LinkForm({ initial, onSaved, onCancel, onFailed }: { initial: WebLinkView | null; onSaved: (message: string) => void; onCancel?: () => void; /** The screen drops its older success message. */ onFailed?: () => void }) {
  const [draft, setDraft] = useState({ name: initial?.name ?? '', url: initial?.url ?? '', drill_into_subpages: initial?.drill_into_subpages ?? false });
  const { errors, report } = useFormErrors(onFailed);
  // Typing again means the last complaint has been read: it goes, so it cannot sit beside a later success.
  const edit = (change: Partial<typeof draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    report([]);
  };
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = webLinkCreateSchema.safeParse(draft);
    if (!parsed.success) return report(issueMessages(parsed.error));
    setBusy(true);
    const res = await callAction(() => saveWebLinkAction({ id: initial?.id, data: parsed.data }));
    setBusy(false);
    if (!res.ok) return report([failureText(res, { no_school: NO_SCHOOL_WEB_LINKS }, 'Failed to save web link')]);
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
      <FormFooter label={initial ? 'Save Link' : 'Add Link'} busyLabel="Saving..." busy={busy} onCancel={onCancel} />
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
      <InsightsText id="insights-text" text={text} onChange={setText} />
      <FormFooter className="mt-4" label="Save Insights" busyLabel="Saving..." busy={busy} onCancel={onClose} onSubmit={() => void save()} />
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
    const res = await callAction(() => manualWebLinkInsightsAction({ params: { id: link.id }, body: { content } }));
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
      <FormFooter className="mt-4" label="Create Insights" busyLabel="Processing..." busy={busy} onCancel={onClose} onSubmit={() => void submit()} />
    </Modal>
  );
}

/** Every page the last read found, by title, each linked to the page. */
function PagesRead({ pages }: { pages: WebLinkView['pages'] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-slate-700 dark:text-slate-300">{pages.length === 1 ? 'The page read' : `The ${pages.length} pages read`}</summary>
      <ul className="mt-1 space-y-1 pl-4">
        {pages.map((p) => (
          <li key={p.url} className="list-disc">
            <a href={p.url} target="_blank" rel="noopener noreferrer" className="break-words text-brand-800 underline dark:text-brand-300">
              {p.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Web links. */
export function WebLinks() {
  const screen = useListScreen<WebLinkView, 'edit' | 'insights' | 'manual' | 'delete'>('web-links', listWebLinksAction, {
    loadError: (f) => (f.code === 'no_school' ? NO_SCHOOL_WEB_LINKS : 'Failed to load web links'),
    // A link is read in the background as soon as it is added: the list follows it until it is done.
    pollMs: (links) => (links?.some((l) => l.scrape_status === 'processing') ? POLL_MS : 0),
  });
  const { dialog, setError, setSuccess } = screen;
  const [generating, setGenerating] = useState<number | null>(null);

  async function generate(link: WebLinkView) {
    setGenerating(link.id);
    setError(null);
    const res = await callAction(() => generateWebLinkInsightsAction({ params: { id: link.id } }));
    setGenerating(null);
    if (!res.ok) return setError(res.error || 'Failed to generate insights');
    await screen.reload();
    if (res.data.status === 'manual_required') screen.open('manual', link);
    else setSuccess('Insights generated successfully');
  }

  if (screen.loading) return <p role="status">Loading web links...</p>;
  return (
    <div className="space-y-4">
      <MessageBanners {...screen.banners} />
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="mb-3 font-semibold">Add a web link</h3>
        <LinkForm initial={null} onSaved={screen.done} onFailed={() => setSuccess(null)} />
      </section>
      <ItemList items={screen.items} empty="No web links yet.">
        {(l) => {
          const status = STATUS[l.scrape_status] ?? STATUS.pending!;
          return (
            <ItemCard
              key={l.id}
              label={l.name}
              title={l.name}
              badges={
                <>
                  <Badge tone={status.tone}>{status.label}</Badge>
                  {l.drill_into_subpages && <Badge>Subpages</Badge>}
                </>
              }
              actions={
                <>
                  {l.insights_summary ? <CardButton onClick={() => screen.open('insights', l)}>Insights</CardButton> : null}
                  <CardButton disabled={generating !== null} onClick={() => void generate(l)}>
                    {generating === l.id ? 'Generating insights...' : l.insights_summary ? 'Regenerate Insights' : 'Generate Insights'}
                  </CardButton>
                  {l.scrape_status === 'manual_required' && <CardButton onClick={() => screen.open('manual', l)}>Paste Content</CardButton>}
                  <EditDeleteButtons onEdit={() => screen.open('edit', l)} onDelete={() => screen.open('delete', l)} />
                </>
              }
            >
              <a href={l.url} target="_blank" rel="noopener noreferrer" className="mt-1 block break-all text-sm text-brand-800 underline dark:text-brand-300">
                {l.url}
              </a>
              {l.scrape_status === 'processing' && (
                <p role="status" className="mt-2 flex items-center gap-2 text-sm">
                  <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" />
                  {l.drill_into_subpages ? 'Reading the page and its subpages...' : 'Reading the page...'}
                </p>
              )}
              {l.scrape_status === 'failed' && (
                <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
                  {l.scrape_error ?? 'The pages could not be read.'} Use Generate Insights to try again.
                </p>
              )}
              {l.last_scraped_at && (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  Last read {new Date(l.last_scraped_at).toLocaleString()} · {l.pages_scraped === 1 ? '1 page' : `${l.pages_scraped} pages`}
                </p>
              )}
              {l.pages.length > 0 && <PagesRead pages={l.pages} />}
            </ItemCard>
          );
        }}
      </ItemList>
      {dialog?.kind === 'edit' && (
        <Modal open onOpenChange={(o) => !o && screen.close()} title="Edit Web Link" wide>
          <LinkForm initial={dialog.item} onSaved={screen.done} onCancel={screen.close} />
        </Modal>
      )}
      {dialog?.kind === 'insights' && <InsightsEditor link={dialog.item} onClose={screen.close} onSaved={screen.done} />}
      {dialog?.kind === 'manual' && <ManualContent link={dialog.item} onClose={screen.close} onSaved={screen.done} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Web Link"
          onCancel={screen.close}
          onConfirm={() => void screen.run(() => deleteWebLinkAction({ params: { id: dialog.item.id } }), { failure: 'Failed to delete web link', success: 'Web link deleted successfully' })}
        >
          Are you sure you want to delete the web link &quot;{dialog.item.name}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
