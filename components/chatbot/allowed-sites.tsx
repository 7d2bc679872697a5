'use client';

import { useEffect, useState } from 'react';
import { allowedOriginsAction, saveAllowedOriginsAction } from '@/app/actions/chatbot';
import { MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';

type AllowedSite = { site: string; why: 'website' | 'listed' | 'development' };
type Sites = { website_url: string | null; allowed_origins: string[]; development_install: boolean; development_open: boolean; allowed_now: AllowedSite[] };

const WHY: Record<AllowedSite['why'], string> = {
  website: 'your website',
  listed: 'listed by you',
  development: 'development install, until you set your website or list a site',
};

/** Which websites may use the key besides the school's own (its website's domain and subdomains). */
export function AllowedSites() {
  const [saving, setSaving] = useState(false);
  const { error, success, setError, setSuccess } = useMessages();
  const loaded = useScreenData<Sites>('allowed-sites', allowedOriginsAction, { onError: (f) => setError(f.error) });
  const sites = loaded.data ?? null;
  // What the staff member typed; until then the saved list.
  const [typed, setText] = useState<string | null>(null);
  const text = typed ?? sites?.allowed_origins.join('\n') ?? '';
  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), 3000);
    return () => clearTimeout(t);
  }, [success, setSuccess]);

  const save = async () => {
    setSaving(true);
    setError(null);
    const res = await callAction(() => saveAllowedOriginsAction({ body: { allowed_origins: text.split(/[\n,]+/) } }));
    setSaving(false);
    if (res.ok) {
      loaded.setData(res.data);
      setText(null);
      setSuccess('Allowed websites saved successfully');
    }
    else setError(res.error);
  };

  return (
    <section aria-labelledby="sites-title" className="space-y-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 id="sites-title" className="text-lg font-semibold">
        Allowed Websites
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {sites?.website_url ? (
          <>
            Your website <strong>{sites.website_url}</strong> and its subdomains can always show the chat. Add any other sites below, one per line (for example <code>https://apply.example.org</code> or <code>*.example.org</code>).
          </>
        ) : (
          <>Add your website in School Management, or list the sites that may show the chat below, one per line (for example <code>https://www.example.edu</code> or <code>*.example.edu</code>).</>
        )}
      </p>
      {sites && <AllowedNow sites={sites} />}
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      <TextArea label="Other allowed websites" rows={3} value={text} onChange={(e) => setText(e.target.value)} disabled={!sites} />
      <Button onClick={save} disabled={!sites || saving}>
        {saving ? 'Saving…' : 'Save Allowed Websites'}
      </Button>
    </section>
  );
}

/** What the widget API lets in right now, from the server, and why localhost is (or is not) among it. */
function AllowedNow({ sites }: { sites: Sites }) {
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      <h3 id="allowed-now-title" className="font-semibold">
        Allowed right now
      </h3>
      {sites.allowed_now.length ? (
        <ul aria-labelledby="allowed-now-title" className="space-y-1">
          {sites.allowed_now.map((s) => (
            <li key={`${s.why}:${s.site}`}>
              <code className="font-mono">{s.site}</code> <span className="text-slate-600 dark:text-slate-400">({WHY[s.why]})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>No website can show the chat yet.</p>
      )}
      <p className="text-slate-700 dark:text-slate-300">
        {sites.development_open
          ? 'This Lantern install has no public address yet (APP_URL is unset or points at this computer) and your school has not set its website or listed a site, so pages on localhost and pages opened from your computer may show the chat, for trying it out. That stops as soon as you set your website or list a site.'
          : sites.development_install
            ? 'Pages on localhost and pages opened from your computer are not allowed: your school has set its website or listed sites, so the key works only there. To try the widget on this computer, list its address (for example http://localhost:8080).'
            : null}{' '}
        Lantern&rsquo;s own pages (the test chat) can always use the key.
      </p>
    </div>
  );
}
