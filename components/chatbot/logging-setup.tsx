'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { cleanupOldDataAction, saveSetupSettingsAction, setupSettingsAction, storageStatsAction } from '@/app/actions/logging';
import { MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormFooter } from '@/components/ui/form-footer';
import { SelectField } from '@/components/ui/select';
import { RETENTION_CHOICES, SESSION_TIMEOUT_CHOICES, SESSION_TIMEOUT_DEFAULT } from '@/lib/widget/schema';
import { callAction } from '@/lib/web/api';
import { useScreenData, type ScreenData } from '@/lib/web/screen-data';

type LoggingSettings = { enable_widget_logging: boolean; retention_days: number; auto_delete_enabled: boolean; session_timeout_minutes: number };
type Draft = { enable_widget_logging: boolean; retention_days: number; session_timeout_minutes: number };
type Stats = {
  total_conversations: number;
  total_messages: number;
  total_leads: number;
  oldest_conversation_at: string | Date | null;
  upload_bytes: number;
  retention_days: number;
  expired_conversations: number;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return plural(bytes, 'byte');
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v >= 10 ? v.toFixed(0) : v.toFixed(1)} ${units[u]}`;
}

const formatDate = (at: string | Date) => new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The logging switch, the retention period, storage and deleting old data now. */
export function LoggingSetup() {
  const stats = useScreenData<Stats>('setup-storage-stats', storageStatsAction);
  return (
    <div className="space-y-8">
      {/* Saving a new retention period changes what counts as old data. */}
      <LoggingSettingsForm onSaved={stats.reload} />
      <StorageStats stats={stats} />
    </div>
  );
}

/** GET /setup/settings answers {data: {settings}}: the form works on the settings. */
async function loadSettings() {
  const res = await setupSettingsAction();
  return res.ok ? { ok: true as const, data: res.data.data.settings } : res;
}

function LoggingSettingsForm({ onSaved }: { onSaved: () => Promise<void> }) {
  const { error, success, setError, setSuccess } = useMessages();
  const loaded = useScreenData<LoggingSettings>('setup-settings', loadSettings, { onError: () => setError('Failed to load setup settings') });
  // What the staff member changed; until then the saved settings.
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const switchId = useId();
  const hintId = useId();
  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), 3000);
    return () => clearTimeout(t);
  }, [success, setSuccess]);

  if (loaded.loading) return <p role="status">Loading setup settings...</p>;
  const saved = loaded.data;
  const value: Draft = draft ?? { enable_widget_logging: saved?.enable_widget_logging ?? true, retention_days: saved?.retention_days ?? 90, session_timeout_minutes: saved?.session_timeout_minutes ?? SESSION_TIMEOUT_DEFAULT };
  const change = (next: Partial<Draft>) => setDraft({ ...value, ...next });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const res = await callAction(() => saveSetupSettingsAction({ body: value }), 'Failed to save settings');
    setSaving(false);
    if (!res.ok) return setError(res.code === 'validation' ? res.error : 'Failed to save settings');
    loaded.setData(res.data.data.settings);
    setDraft(null);
    setSuccess('Settings saved successfully');
    void onSaved();
  }

  return (
    <section aria-labelledby="logging-title" className="space-y-4">
      <h2 id="logging-title" className="text-xl font-semibold">
        Chatbot Logging Setup
      </h2>
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      <form onSubmit={submit} className="space-y-5 rounded-xl border border-slate-200 p-5 dark:border-slate-700" noValidate>
        <div className="flex items-start gap-3">
          <button
            id={switchId}
            type="button"
            role="switch"
            aria-checked={value.enable_widget_logging}
            aria-describedby={hintId}
            disabled={!saved}
            onClick={() => change({ enable_widget_logging: !value.enable_widget_logging })}
            className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-50 ${value.enable_widget_logging ? 'bg-brand-700' : 'bg-slate-400 dark:bg-slate-600'}`}
          >
            <span className="sr-only">Enable widget logging</span>
            <span aria-hidden="true" className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition-transform ${value.enable_widget_logging ? 'translate-x-5' : 'translate-x-0.5'}`} />
          </button>
          <div>
            <label htmlFor={switchId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Enable widget logging
            </label>
            <p id={hintId} className="text-sm text-slate-700 dark:text-slate-300">
              Keep the conversations visitors have with the chat widget on your website, so you can review them in Logs and Analytics. While logging is off the widget still answers, and nothing is stored.
            </p>
          </div>
        </div>
        <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
          <SelectField label="Retention period" value={value.retention_days} disabled={!saved} onChange={(e) => change({ retention_days: Number(e.target.value) })}>
            {RETENTION_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </SelectField>
          <SelectField
            label="A returning visitor continues their conversation for"
            hint="After this long without activity, the widget starts a new conversation. Until then a reload or another page of your site shows the same one."
            value={value.session_timeout_minutes}
            disabled={!saved}
            onChange={(e) => change({ session_timeout_minutes: Number(e.target.value) })}
          >
            {SESSION_TIMEOUT_CHOICES.map((m) => (
              <option key={m} value={m}>
                {m < 60 ? `${m} minutes` : m === 60 ? '1 hour' : m === 1440 ? '1 day' : `${m / 60} hours`}
              </option>
            ))}
          </SelectField>
        </div>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>IP addresses are hashed: the visitor&rsquo;s address itself is never stored.</li>
          <li>Saving turns on automatic deletion: every day, conversations older than the retention period are deleted with their messages. Leads are kept.</li>
        </ul>
        <FormFooter label="Save Settings" busyLabel="Saving..." busy={saving || !saved} />
      </form>
    </section>
  );
}

function StorageStats({ stats }: { stats: ScreenData<Stats> }) {
  const messages = useMessages();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function cleanup() {
    setConfirming(false);
    setDeleting(true);
    const res = await callAction(cleanupOldDataAction, 'Failed to delete old data');
    setDeleting(false);
    if (!res.ok) messages.setError('Failed to delete old data');
    else {
      const { deleted_conversations: c, deleted_messages: m, retention_days: days } = res.data;
      messages.setSuccess(c === 0 ? `Nothing was older than ${days} days; nothing was deleted.` : `Deleted ${plural(c, 'conversation')} and ${plural(m, 'message')} older than ${days} days.`);
    }
    await stats.reload();
  }

  const s = stats.data;
  return (
    <section aria-labelledby="storage-title" aria-busy={stats.loading || deleting} className="space-y-4">
      <h2 id="storage-title" className="text-xl font-semibold">
        Storage
      </h2>
      <MessageBanners error={messages.error} success={messages.success} onDismissError={() => messages.setError(null)} onDismissSuccess={() => messages.setSuccess(null)} />
      {stats.loading ? (
        <p role="status">Loading storage statistics...</p>
      ) : !s ? (
        stats.failure && (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-red-800 dark:text-red-300">
              Failed to load storage statistics
            </p>
            <Button variant="secondary" onClick={() => void stats.reload()}>
              Try again
            </Button>
          </div>
        )
      ) : (
        <div className="space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[14rem_1fr]" data-testid="storage-stats">
            {(
              [
                ['Conversations', s.total_conversations.toLocaleString('en-US')],
                ['Messages', s.total_messages.toLocaleString('en-US')],
                ['Leads', s.total_leads.toLocaleString('en-US')],
                ['Uploaded files', formatBytes(s.upload_bytes)],
                ['Oldest conversation', s.oldest_conversation_at ? formatDate(s.oldest_conversation_at) : 'No conversations yet'],
                ['Retention period', `${s.retention_days} days`],
                ['Older than the retention period', plural(s.expired_conversations, 'conversation')],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-medium text-slate-700 dark:text-slate-300">{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="danger" onClick={() => setConfirming(true)} disabled={deleting || s.expired_conversations === 0}>
              {deleting ? 'Deleting...' : 'Delete old data now'}
            </Button>
            {s.expired_conversations === 0 && <p className="text-sm text-slate-700 dark:text-slate-300">Nothing is older than the retention period.</p>}
          </div>
        </div>
      )}
      {confirming && s && (
        <ConfirmDialog title="Delete Old Data" confirmLabel="Delete old data" onCancel={() => setConfirming(false)} onConfirm={() => void cleanup()}>
          This will delete {plural(s.expired_conversations, 'conversation')} older than {s.retention_days} days, with their messages. Leads are kept. This action cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
