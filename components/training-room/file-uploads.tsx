'use client';

import { useRef, useState, type FormEvent } from 'react';
import { deleteFileAction, generateFileInsightsAction, listFilesAction, updateFileAction } from '@/app/actions/knowledge';
import { Badge } from '@/components/ui/badge';
import { Banner, MessageBanners } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { CardButton, EditDeleteButtons, ItemCard, ItemList } from '@/components/ui/item-list';
import { Modal } from '@/components/ui/modal';
import { useListScreen } from '@/components/ui/use-list-screen';
import { InsightsText } from './insights-text';
import { ACCEPTED_EXTENSIONS, defaultFileName, FILE_MAX_BYTES, formatFileSize, NO_SCHOOL_FILES, type KnowledgeFileView } from '@/lib/knowledge/file-schema';
import type { ActionResult } from '@/lib/http/action-result';
import { callAction, failureFrom, failureText } from '@/lib/web/api';

const POLL_MS = 3000;

const STATUS: Record<KnowledgeFileView['analysis_status'], { label: string; tone: 'neutral' | 'brand' | 'success' | 'danger' }> = {
  pending: { label: 'Not analysed', tone: 'neutral' },
  processing: { label: 'Analysing...', tone: 'brand' },
  completed: { label: 'Insights ready', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** The upload goes through XHR for its progress events; its answer still goes through the data layer. */
function sendFile(file: File, name: string, onProgress: (pct: number) => void): Promise<ActionResult<unknown>> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('file', file);
    form.append('name', name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/files/');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve(xhr.status >= 200 && xhr.status < 300 ? { ok: true, data: body } : failureFrom(xhr.status, body, 'Failed to upload file'));
    };
    xhr.onerror = () => resolve({ ok: false, error: 'Failed to upload file', code: 'unavailable' });
    xhr.send(form);
  });
}

function UploadForm({ onUploaded }: { onUploaded: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Please select a file and provide a name');
    if (!name.trim()) return setError('Please provide a name');
    if (file.size > FILE_MAX_BYTES) return setError('File size must be less than 25MB');
    setError(null);
    setProgress(0);
    const res = await sendFile(file, name.trim(), setProgress);
    setProgress(null);
    if (!res.ok) {
      return setError(failureText(res, { no_school: NO_SCHOOL_FILES }));
    }
    setFile(null);
    setName('');
    if (input.current) input.current.value = '';
    onUploaded();
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label="Upload a document">
      {error && <Banner tone="error">{error}</Banner>}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="knowledge-file" className="block text-sm font-medium">
            Document
          </label>
          <input
            id="knowledge-file"
            ref={input}
            type="file"
            accept={ACCEPTED_EXTENSIONS.join(',')}
            className="mt-1 block w-full text-sm"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              if (f) setName(defaultFileName(f.name));
            }}
          />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">PDF, Word (.doc, .docx), text or Markdown, up to 25 MB.</p>
        </div>
        <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      {progress !== null && (
        <div>
          <div role="progressbar" aria-label="Upload progress" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
            <div className="h-full bg-brand-700 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-xs">Uploading... {progress}%</p>
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={progress !== null}>
          Upload
        </Button>
      </div>
    </form>
  );
}

/** File uploads. */
export function FileUploads() {
  const screen = useListScreen<KnowledgeFileView, 'insights' | 'rename' | 'delete'>('files', listFilesAction, {
    loadError: (f) => {
      if (f.code === 'no_school') return NO_SCHOOL_FILES;
      console.error('Failed to load files', f.error);
      return null;
    },
    // While any document is being analysed, the list is polled every three seconds.
    pollMs: (files) => (files?.some((f) => f.analysis_status === 'processing') ? POLL_MS : 0),
  });
  const { dialog, setError } = screen;
  const [text, setText] = useState('');

  async function generate(f: KnowledgeFileView) {
    const res = await callAction(() => generateFileInsightsAction({ params: { id: f.id } }));
    if (!res.ok) return setError(res.error || 'Error generating insights');
    setError(null);
    await screen.reload();
  }

  async function saveDialog() {
    if (!dialog) return;
    const changes = dialog.kind === 'rename' ? { name: text } : { insights_summary: text };
    if (dialog.kind === 'rename' && !text.trim()) return setError('Please provide a name');
    const res = await callAction(() => updateFileAction({ params: { id: dialog.item.id }, body: changes }));
    if (!res.ok) return setError(res.error || (dialog.kind === 'rename' ? 'Failed to update file' : 'Failed to update insights'));
    screen.done(dialog.kind === 'rename' ? 'File updated successfully' : 'Insights updated successfully');
  }

  if (screen.loading) return <p role="status">Loading files...</p>;
  return (
    <div className="space-y-4">
      <MessageBanners {...screen.banners} />
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="mb-3 font-semibold">Upload a document</h3>
        <UploadForm onUploaded={() => screen.done('File uploaded successfully')} />
      </section>
      <ItemList items={screen.items} empty="No documents yet.">
        {(f) => {
          const status = STATUS[f.analysis_status];
          return (
            <ItemCard
              key={f.id}
              label={f.name}
              title={f.name}
              badges={<Badge tone={status.tone}>{status.label}</Badge>}
              actions={
                <>
                  {f.analysis_status === 'pending' && <CardButton onClick={() => void generate(f)}>Generate Insights</CardButton>}
                  {f.analysis_status === 'failed' && <CardButton onClick={() => void generate(f)}>Retry</CardButton>}
                  {f.analysis_status === 'completed' && f.insights_summary && (
                    <CardButton
                      onClick={() => {
                        setText(f.insights_summary ?? '');
                        screen.open('insights', f);
                      }}
                    >
                      Insights
                    </CardButton>
                  )}
                  <CardButton
                    onClick={() => {
                      setText(f.name);
                      screen.open('rename', f);
                    }}
                  >
                    Rename
                  </CardButton>
                  <EditDeleteButtons onDelete={() => screen.open('delete', f)} />
                </>
              }
            >
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {f.original_filename} · {formatFileSize(f.file_size)} · uploaded {new Date(f.created_at).toLocaleDateString()}
              </p>
              {f.analysis_status === 'processing' && (
                <p role="status" className="mt-2 flex items-center gap-2 text-sm">
                  <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" />
                  Generating insights...
                </p>
              )}
              {f.analysis_status === 'failed' && (
                <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
                  Insights generation failed{f.analysis_error ? `: ${f.analysis_error}` : ''}
                </p>
              )}
            </ItemCard>
          );
        }}
      </ItemList>
      {dialog && dialog.kind !== 'delete' && (
        <Modal open onOpenChange={(o) => !o && screen.close()} title={dialog.kind === 'rename' ? 'Rename Document' : `Insights: ${dialog.item.name}`} wide>
          {dialog.kind === 'rename' ? (
            <TextField label="Name" required value={text} onChange={(e) => setText(e.target.value)} />
          ) : (
            <InsightsText id="file-insights" text={text} onChange={setText} />
          )}
          <FormFooter className="mt-4" label="Save" onCancel={screen.close} onSubmit={() => void saveDialog()} />
        </Modal>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Document"
          onCancel={screen.close}
          onConfirm={() => void screen.run(() => deleteFileAction({ params: { id: dialog.item.id } }), { failure: 'Failed to delete file', success: 'File deleted successfully' })}
        >
          Are you sure you want to delete &quot;{dialog.item.name}&quot;? This action cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
