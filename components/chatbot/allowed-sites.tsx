'use client';

import { useEffect, useState } from 'react';
import { allowedOriginsAction, saveAllowedOriginsAction } from '@/app/actions/chatbot';
import { MessageBanners } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { expireSession } from '@/lib/web/session-state';

type Sites = { website_url: string | null; allowed_origins: string[]; development_install: boolean };

/** Which websites may use the key besides the school's own (its website's domain and subdomains). */
export function AllowedSites() {
  const [sites, setSites] = useState<Sites | null>(null);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    void allowedOriginsAction().then((res) => {
      if (res.ok) {
        setSites(res.data);
        setText(res.data.allowed_origins.join('\n'));
      } else if (res.unauthorized) expireSession();
      else setError(res.error);
    });
  }, []);
  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), 3000);
    return () => clearTimeout(t);
  }, [success]);

  const save = async () => {
    setSaving(true);
    setError(null);
    const res = await saveAllowedOriginsAction({ allowed_origins: text.split(/[\n,]+/) });
    setSaving(false);
    if (res.ok) {
      setSites(res.data);
      setText(res.data.allowed_origins.join('\n'));
      setSuccess('Allowed websites saved successfully');
    } else if (res.unauthorized) expireSession();
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
        {sites?.development_install && ' This install also allows pages on localhost and pages opened from your computer, for trying the widget out.'}
      </p>
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      <TextArea label="Other allowed websites" rows={3} value={text} onChange={(e) => setText(e.target.value)} disabled={!sites} />
      <Button onClick={save} disabled={!sites || saving}>
        {saving ? 'Saving…' : 'Save Allowed Websites'}
      </Button>
    </section>
  );
}
