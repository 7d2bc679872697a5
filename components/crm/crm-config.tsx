'use client';

import { useState } from 'react';
import { createCrmIntegrationAction, rotateCrmSecretAction, testCrmIntegrationAction, updateCrmIntegrationAction } from '@/app/actions/crm';
import { CopyButton } from '@/components/chatbot/copy-button';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { CRM_AUTH_TYPES, CRM_DEFAULTS, CRM_HTTP_METHODS, CRM_MESSAGES, MASKED_SECRET, MAX_RETRY_ATTEMPTS, type CrmAuthType, type CrmHttpMethod, type CrmIntegrationView, type CrmTestResult } from '@/lib/crm/schema';
import { callAction } from '@/lib/web/api';
import { Switch, useTransientMessage, type SubmitEvent } from './parts';
import { Deliveries } from './deliveries';

// Save needs the integration name and webhook URL; the auth value shows only when an auth type
// is chosen and the integration is enabled; empty custom headers are dropped; 1-5 retries.
const SUCCESS_MS = 5000;

const AUTH_LABELS: Record<CrmAuthType, string> = { none: 'None', bearer: 'Bearer token', api_key: 'API key (X-API-Key header)', basic: 'Basic (username:password)' };

type Header = { key: string; value: string };
type Draft = {
  integration_name: string;
  enabled: boolean;
  webhook_url: string;
  http_method: CrmHttpMethod;
  auth_type: CrmAuthType;
  auth_value: string;
  headers: Header[];
  retry_failed: boolean;
  max_retry_attempts: number;
  error_notification_email: string;
  test_mode: boolean;
};

function draftOf(i: CrmIntegrationView | null): Draft {
  return {
    integration_name: i?.integration_name ?? '',
    enabled: i?.enabled ?? CRM_DEFAULTS.enabled,
    webhook_url: i?.webhook_url ?? '',
    http_method: i?.http_method ?? CRM_DEFAULTS.http_method,
    auth_type: i?.auth_type ?? CRM_DEFAULTS.auth_type,
    auth_value: '',
    headers: Object.entries(i?.custom_headers ?? {}).map(([key, value]) => ({ key, value })),
    retry_failed: i?.retry_failed ?? CRM_DEFAULTS.retry_failed,
    max_retry_attempts: i?.max_retry_attempts ?? CRM_DEFAULTS.max_retry_attempts,
    error_notification_email: i?.error_notification_email ?? '',
    test_mode: i?.test_mode ?? CRM_DEFAULTS.test_mode,
  };
}

export function CrmConfig({ integration, onSaved, reload }: { integration: CrmIntegrationView | null; onSaved: (i: CrmIntegrationView) => void; reload: () => Promise<void> }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(integration));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useTransientMessage(SUCCESS_MS);
  const [test, setTest] = useState<CrmTestResult | null>(null);
  const [testing, setTesting] = useState(false);
  const [rotating, setRotating] = useState(false);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const canSave = draft.integration_name.trim() !== '' && draft.webhook_url.trim() !== '' && !busy;
  const showAuthValue = draft.auth_type !== 'none' && draft.enabled;

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (!canSave) return;
    const body = {
      integration_name: draft.integration_name,
      enabled: draft.enabled,
      webhook_url: draft.webhook_url,
      http_method: draft.http_method,
      auth_type: draft.auth_type,
      // Left blank: keep the stored value (the API never sends it back).
      ...(draft.auth_value ? { auth_value: draft.auth_value } : draft.auth_type === 'none' ? { auth_value: null } : {}),
      custom_headers: Object.fromEntries(draft.headers.filter((h) => h.key.trim() && h.value.trim()).map((h) => [h.key.trim(), h.value.trim()])),
      retry_failed: draft.retry_failed,
      max_retry_attempts: draft.max_retry_attempts,
      error_notification_email: draft.error_notification_email,
      test_mode: draft.test_mode,
    };
    setBusy(true);
    setMessage(null);
    const res = await callAction(() => (integration ? updateCrmIntegrationAction({ body }) : createCrmIntegrationAction({ body })), CRM_MESSAGES.saveFailed);
    setBusy(false);
    if (!res.ok) return setMessage({ tone: 'error', text: res.code === 'unavailable' ? CRM_MESSAGES.saveFailed : res.error || CRM_MESSAGES.saveFailed });
    setDraft(draftOf(res.data));
    onSaved(res.data);
    setMessage({ tone: 'success', text: CRM_MESSAGES.saved });
  }

  async function runTest() {
    setTesting(true);
    setTest(null);
    const res = await callAction(() => testCrmIntegrationAction(), CRM_MESSAGES.testFailed);
    setTesting(false);
    if (!res.ok) {
      setTest({ success: false, message: CRM_MESSAGES.testFailed, status_code: null, sent_data: null, sent_headers: {}, response_body: null, error_details: res.error, test_timestamp: new Date().toISOString() });
      return;
    }
    setTest(res.data);
    // The test changed last_test_success: the server works out the new status label.
    await reload();
  }

  async function rotate() {
    setRotating(false);
    const res = await callAction(() => rotateCrmSecretAction(), 'Failed to rotate the signing secret');
    if (!res.ok) return setMessage({ tone: 'error', text: res.error });
    onSaved(res.data);
    setMessage({ tone: 'success', text: 'Signing secret rotated. Update it in your CRM.' });
  }

  return (
    <div className="space-y-8">
      <form onSubmit={save} noValidate aria-label="CRM integration settings" className="space-y-5 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
        {message && (
          <Banner tone={message.tone} onDismiss={() => setMessage(null)}>
            {message.text}
          </Banner>
        )}
        {integration?.disabled_reason && !integration.enabled && <Banner tone="warning">{integration.disabled_reason}</Banner>}
        <Switch label="Enabled" checked={draft.enabled} onChange={(v) => set('enabled', v)} hint={draft.enabled ? 'New and updated leads are sent.' : 'No leads are sent.'} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Integration name" required maxLength={200} value={draft.integration_name} onChange={(e) => set('integration_name', e.target.value)} placeholder="e.g. Slate" />
          <TextField label="Webhook URL" required type="url" maxLength={2048} value={draft.webhook_url} onChange={(e) => set('webhook_url', e.target.value)} placeholder="https://crm.example.com/webhooks/leads" />
          <SelectField label="HTTP method" value={draft.http_method} onChange={(e) => set('http_method', e.target.value as CrmHttpMethod)}>
            {CRM_HTTP_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <SelectField label="Authentication" value={draft.auth_type} onChange={(e) => set('auth_type', e.target.value as CrmAuthType)}>
            {CRM_AUTH_TYPES.map((a) => (
              <option key={a} value={a}>
                {AUTH_LABELS[a]}
              </option>
            ))}
          </SelectField>
          {showAuthValue && (
            <TextField
              label="Auth value"
              type="password"
              autoComplete="off"
              maxLength={4000}
              value={draft.auth_value}
              onChange={(e) => set('auth_value', e.target.value)}
              placeholder={integration?.auth_value === MASKED_SECRET ? 'Saved (leave blank to keep it)' : draft.auth_type === 'basic' ? 'username:password' : ''}
            />
          )}
          <TextField label="Error notification email" type="email" maxLength={320} value={draft.error_notification_email} onChange={(e) => set('error_notification_email', e.target.value)} hint="Told when a lead could not be delivered after every retry." />
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Custom headers</legend>
          {draft.headers.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No custom headers.</p>}
          {draft.headers.map((h, i) => (
            <div key={i} className="flex flex-wrap items-end gap-2">
              <label className="min-w-40 flex-1 text-sm">
                <span className="sr-only">Header name {i + 1}</span>
                <input className={inputClass} placeholder="Header name" value={h.key} onChange={(e) => set('headers', draft.headers.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)))} />
              </label>
              <label className="min-w-40 flex-1 text-sm">
                <span className="sr-only">Header value {i + 1}</span>
                <input className={inputClass} placeholder="Value" value={h.value} onChange={(e) => set('headers', draft.headers.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
              </label>
              <Button variant="ghost" aria-label={`Remove header ${h.key || i + 1}`} onClick={() => set('headers', draft.headers.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </div>
          ))}
          <Button variant="secondary" onClick={() => set('headers', [...draft.headers, { key: '', value: '' }])}>
            Add Header
          </Button>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <Switch label="Retry failed deliveries" checked={draft.retry_failed} onChange={(v) => set('retry_failed', v)} />
          <TextField
            label="Max retry attempts"
            type="number"
            min={1}
            max={MAX_RETRY_ATTEMPTS}
            disabled={!draft.retry_failed}
            value={draft.max_retry_attempts}
            onChange={(e) => set('max_retry_attempts', Math.min(MAX_RETRY_ATTEMPTS, Math.max(1, Number(e.target.value) || 1)))}
            hint="Attempts in all, 1 to 5: after 5 s, 5 min, 30 min and 2 h."
          />
          <Switch label="Test mode" checked={draft.test_mode} onChange={(v) => set('test_mode', v)} hint="Leads are sent as event “test” and not counted as delivered." />
        </div>

        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-5 dark:border-slate-700">
          {!canSave && !busy ? (
            <p className="mr-auto text-sm text-slate-600 dark:text-slate-400">Fill in the integration name and webhook URL to save.</p>
          ) : (
            !integration && (
              <p id="crm-test-hint" className="mr-auto text-sm text-slate-600 dark:text-slate-400">
                Save the integration first: Test Connection sends a sample lead with the saved settings.
              </p>
            )
          )}
          <Button variant="secondary" onClick={() => void runTest()} disabled={!integration || testing} aria-describedby={integration ? undefined : 'crm-test-hint'} title={integration ? undefined : 'Save the integration first'}>
            {testing ? 'Testing...' : 'Test Connection'}
          </Button>
          <Button type="submit" disabled={!canSave}>
            {busy ? 'Saving...' : 'Save Integration'}
          </Button>
        </div>
        {test && <TestResult result={test} />}
      </form>

      {integration && (
        <section aria-labelledby="crm-secret-title" className="space-y-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
          <h2 id="crm-secret-title" className="text-lg font-semibold">
            Signing secret
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Every request carries <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers (Standard Webhooks). Verify them with this secret.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <label className="min-w-64 flex-1 text-sm">
              <span className="sr-only">Signing secret</span>
              <input readOnly className={`${inputClass} font-mono`} value={integration.signing_secret} data-testid="crm-signing-secret" />
            </label>
            <CopyButton text={integration.signing_secret} />
            <Button variant="secondary" onClick={() => setRotating(true)}>
              Rotate Secret
            </Button>
          </div>
          {rotating && (
            <ConfirmDialog title="Rotate the signing secret?" confirmLabel="Rotate" onCancel={() => setRotating(false)} onConfirm={() => void rotate()}>
              The current secret stops working at once: requests will be signed with the new one, so update it in your CRM.
            </ConfirmDialog>
          )}
        </section>
      )}

      {integration && <Deliveries canSend={integration.enabled && !!integration.webhook_url} />}
    </div>
  );
}

function TestResult({ result }: { result: CrmTestResult }) {
  return (
    <div data-testid="crm-test-result" className="space-y-2">
      {result.success ? (
        <Banner tone="success">{result.message}</Banner>
      ) : (
        <Banner tone="error">
          <span className="font-semibold">{CRM_MESSAGES.testFailed}</span>
          {result.error_details && <span className="mt-1 block">{result.error_details}</span>}
        </Banner>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-800 dark:text-brand-300">Request and response</summary>
        <dl className="mt-2 space-y-2">
          <dt className="font-medium">Status code</dt>
          <dd>{result.status_code ?? 'No answer'}</dd>
          <dt className="font-medium">Sent data</dt>
          <dd>
            <pre className="overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{JSON.stringify(result.sent_data, null, 2)}</pre>
          </dd>
          <dt className="font-medium">Sent headers</dt>
          <dd>
            <pre className="overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{JSON.stringify(result.sent_headers, null, 2)}</pre>
          </dd>
          <dt className="font-medium">Response body</dt>
          <dd>
            <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{result.response_body || '(empty)'}</pre>
          </dd>
          <dt className="font-medium">Tested at</dt>
          <dd>{new Date(result.test_timestamp).toLocaleString()}</dd>
        </dl>
      </details>
    </div>
  );
}
