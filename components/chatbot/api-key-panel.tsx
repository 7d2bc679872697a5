'use client';

import { useState, useSyncExternalStore } from 'react';
import { allInstructionsAction, generateKeyAction, knowledgeSourcesAction } from '@/app/actions/chatbot';
import { loadCurrentKey } from './current-key';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { demoPage, embedCode } from '@/lib/widget/embed';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import { AllowedSites } from './allowed-sites';
import { CopyButton } from './copy-button';
import { JsonModal } from './json-modal';

type KeyState = { status: 'loading' } | { status: 'none' } | { status: 'ready'; key: string } | { status: 'fallback'; key: string } | { status: 'error'; message: string };

/** When generating fails the screen shows a key made here, clearly not a real one. */
function fallbackKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `local_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const noSubscription = () => () => {};
const browserOrigin = () => window.location.origin;
const serverOrigin = () => '';

const mask = (key: string) => `${key.slice(0, 7)}${'•'.repeat(24)}${key.slice(-4)}`;

export function ApiKeyPanel({ schoolName, onTest }: { schoolName: string; onTest: () => void }) {
  const current = useScreenData('chatbot-key', loadCurrentKey);
  // A key generated here replaces the loaded one.
  const [made, setState] = useState<KeyState | null>(null);
  const state: KeyState =
    made ??
    (current.loading
      ? { status: 'loading' }
      : current.failure
        ? { status: 'error', message: current.failure.error }
        : current.data
          ? { status: 'ready', key: current.data }
          : { status: 'none' });
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [embedOpen, setEmbedOpen] = useState(false);
  const [modal, setModal] = useState<'sources' | 'instructions' | null>(null);
  // The embed code points at the address staff reach Lantern by.
  const origin = useSyncExternalStore(noSubscription, browserOrigin, serverOrigin);

  const generate = async () => {
    setConfirming(false);
    setBusy(true);
    setNotice(null);
    const res = await callAction(() => generateKeyAction());
    setBusy(false);
    if (res.ok) {
      setState({ status: 'ready', key: res.data.api_key });
      // Shared with the screen, which shows Styling and Lead Gen once a key exists.
      current.setData(res.data.api_key);
      setShown(true);
      setNotice('A new API key was generated. Update the embed code on your website.');
    }
    else setState({ status: 'fallback', key: fallbackKey() });
  };

  const key = state.status === 'ready' || state.status === 'fallback' ? state.key : null;
  const code = key ? embedCode({ apiKey: key, apiUrl: origin }) : '';

  const download = () => {
    if (!key) return;
    const blob = new Blob([demoPage({ apiKey: key, apiUrl: origin, schoolName })], { type: 'text/html' });
    const url = URL.createObjectURL(blob);
    const a = Object.assign(document.createElement('a'), { href: url, download: `chat-widget-demo-${new Date().toISOString().slice(0, 10)}.html` });
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="api-key-title" className="space-y-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
        <h2 id="api-key-title" className="text-lg font-semibold">
          API Key
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">The key connects the chat widget on your website to your assistant. It is public (it sits in your page), so only the websites you allow below can use it.</p>
        {state.status === 'loading' && <p role="status">Loading…</p>}
        {state.status === 'error' && <Banner tone="error">{state.message}</Banner>}
        {state.status === 'fallback' && (
          <Banner tone="warning">Generating a key failed. The key shown is a placeholder made in your browser and will not work; please try again.</Banner>
        )}
        {notice && <Banner tone="success">{notice}</Banner>}
        {state.status === 'none' && <p className="text-sm">No API key yet. Generate one to get your embed code.</p>}
        {key && (
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="api-key" className="break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm dark:bg-slate-800">
              {shown ? key : mask(key)}
            </code>
            <Button variant="secondary" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
              {shown ? 'Hide' : 'Show'}
            </Button>
            <CopyButton text={key} label="Copy Key" />
          </div>
        )}
        {state.status !== 'loading' && state.status !== 'error' && (
          <Button onClick={() => (key && state.status === 'ready' ? setConfirming(true) : generate())} disabled={busy}>
            {busy ? 'Generating…' : key && state.status === 'ready' ? 'Regenerate API Key' : 'Generate API Key'}
          </Button>
        )}
      </section>

      {key && (
        <section aria-labelledby="embed-title" className="space-y-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
          <h2 id="embed-title" className="text-lg font-semibold">
            Widget Code
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" aria-expanded={embedOpen} aria-controls="embed-code" onClick={() => setEmbedOpen((o) => !o)}>
              {embedOpen ? 'Hide Embed Code' : 'Show Embed Code'}
            </Button>
            <CopyButton text={code} label="Copy Embed Code" />
            <Button variant="secondary" onClick={download}>
              Download
            </Button>
            <Button variant="secondary" onClick={onTest}>
              Test Your Chatbot
            </Button>
          </div>
          {embedOpen && (
            <div id="embed-code" className="space-y-2">
              <p className="text-sm text-slate-700 dark:text-slate-300">Paste this just before the closing &lt;/body&gt; tag of every page that should show the chat. &lsquo;Download&rsquo; gives you a demo page with it already in place.</p>
              <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 text-xs text-slate-100">
                <code data-testid="embed-code">{code}</code>
              </pre>
            </div>
          )}
        </section>
      )}

      <AllowedSites />

      <section aria-labelledby="inspect-title" className="space-y-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
        <h2 id="inspect-title" className="text-lg font-semibold">
          What the Assistant Knows
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">See every knowledge source and every instruction the assistant answers from, as JSON.</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setModal('sources')}>
            View Knowledge Sources
          </Button>
          <Button variant="secondary" onClick={() => setModal('instructions')}>
            View All Instructions
          </Button>
        </div>
      </section>

      {modal === 'sources' && <JsonModal title="Knowledge Sources" load={knowledgeSourcesAction} failure="Failed to load insights data" onClose={() => setModal(null)} />}
      {modal === 'instructions' && <JsonModal title="All Instructions" load={allInstructionsAction} failure="Failed to load instructions data" onClose={() => setModal(null)} />}
      {confirming && (
        <ConfirmDialog title="Regenerate API Key?" confirmLabel="Regenerate" onCancel={() => setConfirming(false)} onConfirm={generate}>
          The current key stops working at once: the chat disappears from every website that uses it until you paste the new embed code there.
        </ConfirmDialog>
      )}
    </div>
  );
}
