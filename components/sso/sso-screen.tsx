'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { deleteSsoConnectionAction, saveSsoConnectionAction, ssoConnectionAction } from '@/app/actions/sso';
import { CopyButton } from '@/components/chatbot/copy-button';
import { ScimSection } from './scim-section';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextArea, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { MASKED_SECRET } from '@/lib/security/masked-secret';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';

// The Single Sign-On screen: the values to register at the school's identity provider, the
// connection (OpenID Connect or SAML 2.0), its e-mail domains and rules, and a Test sign-in that
// runs the whole flow in a new window and shows what the provider sent.

/** What GET /schools/my-school/sso answers, either protocol (fields of the other one absent). */
type ConnectionView = {
  protocol: 'oidc' | 'saml';
  email_domains: string[];
  default_role: 'user' | 'admin';
  enforce: boolean;
  enabled: boolean;
  issuer?: string | null;
  client_id?: string | null;
  client_secret?: string | null;
  idp_metadata_url?: string | null;
  idp_entity_id?: string | null;
  idp_sso_url?: string | null;
  updated_at: string;
};

/** The addresses the provider needs, known before the first save (page props). */
export type RegisterValues = { redirect_uri: string; sp_entity_id: string; acs_url: string; sp_metadata_url: string };

type Draft = { protocol: 'oidc' | 'saml'; issuer: string; client_id: string; client_secret: string; metadata_url: string; metadata_xml: string; domains: string; default_role: 'user' | 'admin'; enforce: boolean; enabled: boolean };

const draftOf = (v: ConnectionView | null): Draft => ({
  protocol: v?.protocol ?? 'oidc',
  issuer: v?.issuer ?? '',
  client_id: v?.client_id ?? '',
  client_secret: v?.client_secret ?? '',
  metadata_url: v?.idp_metadata_url ?? '',
  metadata_xml: '',
  domains: v?.email_domains.join(', ') ?? '',
  default_role: v?.default_role ?? 'user',
  enforce: v?.enforce ?? false,
  enabled: v?.enabled ?? true,
});

function bodyOf(d: Draft) {
  const common = { email_domains: d.domains.split(/[\s,;]+/).filter(Boolean), default_role: d.default_role, enforce: d.enforce, enabled: d.enabled };
  if (d.protocol === 'oidc') return { protocol: 'oidc' as const, issuer: d.issuer.trim(), client_id: d.client_id.trim(), ...(d.client_secret && d.client_secret !== MASKED_SECRET ? { client_secret: d.client_secret } : {}), ...common };
  // Neither metadata field filled: the stored metadata is kept.
  const metadata = d.metadata_xml.trim() ? { idp_metadata_xml: d.metadata_xml.trim() } : d.metadata_url.trim() ? { idp_metadata_url: d.metadata_url.trim() } : {};
  return { protocol: 'saml' as const, ...metadata, ...common };
}

function CopyRow({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800">{value}</code>
        <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} />
        {children}
      </dd>
    </div>
  );
}

export function SsoScreen({ register }: { register: RegisterValues }) {
  const view = useScreenData<ConnectionView | null>('sso-connection', async () => {
    const res = await ssoConnectionAction();
    // No connection yet is a state of the screen, not a failure.
    return !res.ok && res.code === 'not_found' ? { ok: true as const, data: null } : res;
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { error, success, setError, setSuccess } = useMessages();
  const saved = view.data ?? null;
  const form = draft ?? draftOf(saved);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...form, [key]: value });

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await callAction(() => saveSsoConnectionAction({ body: bodyOf(form) }));
    setBusy(false);
    if (!res.ok) return setError(res.error);
    setDraft(null);
    setSuccess('Single sign-on saved. Use Test sign-in to check it before turning on enforcement.');
    await view.reload();
  }

  async function remove() {
    setRemoving(false);
    const res = await callAction(() => deleteSsoConnectionAction());
    if (!res.ok) return setError(res.error);
    setDraft(null);
    setSuccess('Single sign-on removed: staff sign in with their passwords.');
    await view.reload();
  }

  const testSignIn = () => window.open('/schools/my-school/sso/test', 'lantern-sso-test', 'width=640,height=760');

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <BackToDashboard />
      <h1 className="text-2xl font-bold">Single Sign-On</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Staff of your e-mail domains sign in with your school&apos;s identity provider (Microsoft Entra ID, Google Workspace, Okta, Shibboleth and others). The first sign-in makes their Lantern account; someone removed at the provider can no longer get in.
      </p>
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      {view.loading ? (
        <p role="status">Loading single sign-on…</p>
      ) : view.failure ? (
        <MessageBanners error="Failed to load single sign-on" success={null} onDismissError={() => void view.reload()} onDismissSuccess={() => {}} />
      ) : (
        <>
          <p data-testid="sso-status" className="font-medium">
            {saved ? `Connected by ${saved.protocol === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'}: ${saved.enabled ? 'on' : 'off'}${saved.enforce ? ', required for your domains' : ''}.` : 'Not connected: staff sign in with passwords.'}
          </p>
          <form onSubmit={save} className="space-y-5">
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">Protocol</legend>
              <div className="flex flex-wrap gap-4">
                {(['oidc', 'saml'] as const).map((p) => (
                  <label key={p} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="protocol" value={p} checked={form.protocol === p} onChange={() => set('protocol', p)} className="h-4 w-4 accent-brand-700" />
                    {p === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'}
                  </label>
                ))}
              </div>
            </fieldset>

            <section aria-labelledby="sso-register-title" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <h2 id="sso-register-title" className="text-lg font-semibold">
                Register Lantern at your provider
              </h2>
              <dl className="space-y-3">
                {form.protocol === 'oidc' ? (
                  <CopyRow label="Redirect URI" value={register.redirect_uri} />
                ) : (
                  <>
                    <CopyRow label="Entity ID" value={register.sp_entity_id} />
                    <CopyRow label="ACS URL" value={register.acs_url} />
                    <CopyRow label="Metadata URL" value={register.sp_metadata_url}>
                      <a href={register.sp_metadata_url} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-800 underline dark:text-brand-300">
                        Open the metadata
                      </a>
                    </CopyRow>
                  </>
                )}
              </dl>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {form.protocol === 'oidc' ? 'A web application with the authorization code flow; Lantern asks for the openid, email and profile scopes.' : 'Release the e-mail address (as the NameID or an email/mail attribute) and, if you can, givenName and sn. Sign the response or the assertion.'}
              </p>
            </section>

            {form.protocol === 'oidc' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Issuer URL" name="issuer" type="url" required placeholder="https://login.microsoftonline.com/<tenant>/v2.0" value={form.issuer} onChange={(e) => set('issuer', e.target.value)} />
                <TextField label="Client ID" name="client_id" required value={form.client_id} onChange={(e) => set('client_id', e.target.value)} />
                <TextField
                  label="Client secret"
                  name="client_secret"
                  type="password"
                  autoComplete="off"
                  hint={saved?.client_secret ? 'Stored encrypted and never shown: leave as it is to keep it.' : undefined}
                  value={form.client_secret}
                  onChange={(e) => set('client_secret', e.target.value)}
                />
              </div>
            ) : (
              <div className="space-y-4">
                <TextField label="Identity provider metadata URL" name="idp_metadata_url" type="url" hint="Or paste the metadata XML below." value={form.metadata_url} onChange={(e) => set('metadata_url', e.target.value)} />
                <TextArea label="Identity provider metadata XML" name="idp_metadata_xml" rows={5} value={form.metadata_xml} onChange={(e) => set('metadata_xml', e.target.value)} />
                {saved?.protocol === 'saml' && <p className="text-xs text-slate-600 dark:text-slate-400">Leave both empty to keep the metadata Lantern has.</p>}
                {saved?.idp_entity_id && (
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    Connected to {saved.idp_entity_id}
                    {saved.idp_sso_url ? ` (${saved.idp_sso_url})` : ''}.
                  </p>
                )}
              </div>
            )}

            <TextField label="E-mail domains" name="email_domains" required hint="Comma-separated, e.g. harbor.edu, staff.harbor.edu: your website's domain or under it." value={form.domains} onChange={(e) => set('domains', e.target.value)} />
            <SelectField label="Role of new accounts" name="default_role" value={form.default_role} onChange={(e) => set('default_role', e.target.value as Draft['default_role'])}>
              <option value="user">Staff user</option>
              <option value="admin">Administrator</option>
            </SelectField>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="enabled" checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-700" />
              <span>Single sign-on is on</span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="enforce" checked={form.enforce} onChange={(e) => set('enforce', e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-700" />
              <span>
                Require single sign-on for these domains: password sign-in and password reset are refused for them. Superusers keep their password, so a broken connection can be repaired.
              </span>
            </label>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={busy}>
                {busy ? 'Checking the provider…' : 'Save single sign-on'}
              </Button>
              <Button type="button" variant="secondary" onClick={testSignIn} disabled={!saved || draft !== null} title={draft ? 'Save your changes first' : undefined}>
                Test sign-in
              </Button>
              {saved && (
                <Button type="button" variant="danger" onClick={() => setRemoving(true)}>
                  Remove single sign-on
                </Button>
              )}
            </div>
          </form>
          {saved && <ScimSection />}
        </>
      )}
      {removing && (
        <ConfirmDialog title="Remove single sign-on?" confirmLabel="Remove" onCancel={() => setRemoving(false)} onConfirm={() => void remove()}>
          Staff of your domains will sign in with passwords again; accounts made by single sign-on have none and will need a password reset.
        </ConfirmDialog>
      )}
    </div>
  );
}
