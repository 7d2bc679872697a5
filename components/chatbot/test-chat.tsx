'use client';

import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { internalKeyAction, modelInUseAction } from '@/app/actions/chatbot';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { renderMarkdown, type LinkSites } from '@/lib/widget/markdown';
import { stylingSchema, type WidgetStyling } from '@/lib/widget/styling';
import { callAction } from '@/lib/web/api';
import { chatStyleVars } from '@/widget/chat-view';
import { sourcesFrom, type AnswerSource } from '@/widget/chat';
import { TEXTS } from '@/widget/i18n';


// The widget's replica in the admin area, talking to the same
// assistant through the internal key (its chats are marked as tests). It wears the school's saved
// styling through the same custom properties the widget's chat frame reads (chatStyleVars).

/** A test chat message; `greeting` marks the widget's own opening line, which the model never sees. */
type ChatMessage = { role: 'ai' | 'user'; content: string; timestamp: string; greeting?: true; sources?: AnswerSource[] };

/** The greeting first, whatever was asked while it loaded kept after it. */
const withGreeting = (text: string) => (m: ChatMessage[]): ChatMessage[] => [{ role: 'ai', content: text, timestamp: now(), greeting: true }, ...m.filter((x) => !x.greeting)];
type Persona = { greeting: string; ai_name: string; avatar_url: string | null };

const SAMPLES = ['What programs do you offer?', 'How much is tuition?', 'When is the application deadline?', 'How do I schedule a campus visit?', 'What financial aid is available?'];
const MAX_INPUT_HEIGHT = 100;

const DEFAULT_STYLING: WidgetStyling = stylingSchema.parse({});

const now = () => new Date().toISOString();
const newSession = () => `test-${crypto.randomUUID()}`;

export function TestChat({ schoolName }: { schoolName: string }) {
  const [key, setKey] = useState<string | null>(null);
  const [persona, setPersona] = useState<Persona | null>(null);
  const [styling, setStyling] = useState<WidgetStyling>(DEFAULT_STYLING);
  const [linkSites, setLinkSites] = useState<LinkSites | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [session, setSession] = useState(newSession);
  // The internal key once loaded (null when it cannot be): a message sent before it arrives waits for it.
  const [keyReady] = useState(() => {
    let resolve: (key: string | null) => void = () => {};
    const promise = new Promise<string | null>((r) => (resolve = r));
    return { promise, resolve };
  });
  // The session's visitor token (the first answer's X-Visitor-Token): later messages of the session send it back.
  const token = useRef('');
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Opened from a button that may be far below (the phone accordion puts this panel on top):
    // bring the chat into view and put the caret in its input, so the screen visibly reacts.
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.current?.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    input.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    void (async () => {
      const [res, info] = await Promise.all([callAction(() => internalKeyAction()), callAction(() => modelInUseAction())]);
      if (info.ok) setModel(info.data.label);
      keyReady.resolve(res.ok ? res.data.api_key : null);
      if (!res.ok) return setLoadError(res.error);
      setKey(res.data.api_key);
      const headers = { 'X-API-Key': res.data.api_key };
      const [answer, config] = await Promise.all([fetch('/api/widget/persona-info', { headers }).catch(() => null), fetch('/api/widget/config', { headers }).catch(() => null)]);
      // The saved styling; the defaults (as the widget shows them) when it cannot be read.
      const cfg = config?.ok ? ((await config.json()) as { styling?: WidgetStyling; link_sites?: LinkSites }) : null;
      if (cfg?.styling) setStyling(cfg.styling);
      // Links in answers as visitors see them: clickable only to the school's own sites.
      if (cfg?.link_sites) setLinkSites(cfg.link_sites);
      const p: Persona = answer?.ok ? await answer.json() : { greeting: `Hi! How can I help you with ${schoolName}?`, ai_name: 'Admissions Assistant', avatar_url: null };
      setPersona(p);
      setMessages(withGreeting(p.greeting));
    })();
  }, [schoolName, keyReady]);

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages, pending]);

  const grow = useCallback(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_INPUT_HEIGHT)}px`;
  }, []);
  useEffect(grow, [text, grow]);

  const send = async () => {
    const message = text.trim();
    if (!message || pending) return;
    // The greeting is the widget's own line, not part of the conversation the model sees.
    const history = messages
      .filter((m) => !m.greeting)
      .slice(-10)
      .map((m) => ({ role: m.role === 'ai' ? 'assistant' : 'user', content: m.content }));
    setMessages((m) => [...m, { role: 'user', content: message, timestamp: now() }]);
    setText('');
    setPending(true);
    let reply: string;
    let sources: AnswerSource[] = [];
    try {
      const apiKey = key ?? (await keyReady.promise);
      if (!apiKey) throw new Error('no key');
      const res = await fetch('/api/widget/chat', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey, ...(token.current ? { 'X-Visitor-Token': token.current } : {}) },
        body: JSON.stringify({ message, conversation_history: history, session_id: session }),
      });
      token.current = res.headers.get('X-Visitor-Token') ?? token.current;
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { response?: string; sources?: unknown };
      reply = body.response?.trim() ? body.response : TEXTS.en.empty;
      sources = sourcesFrom(body.sources);
    } catch {
      reply = TEXTS.en.failure;
    }
    setMessages((m) => [...m, { role: 'ai', content: reply, timestamp: now(), ...(sources.length ? { sources } : {}) }]);
    setPending(false);
    input.current?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const clear = () => {
    setMessages([]);
    setSession(newSession());
    token.current = '';
    setTimeout(() => persona && setMessages(withGreeting(persona.greeting)), 1000);
  };

  const name = persona?.ai_name ?? 'Admissions Assistant';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,420px)_1fr]">
      <div ref={panel} data-testid="test-chat-panel" style={chatStyleVars(styling) as CSSProperties} className="flex h-[600px] max-w-[420px] scroll-mt-20 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg dark:border-slate-700">
        <div data-testid="test-chat-header" className="flex items-center gap-3 bg-[var(--p)] px-4 py-3 text-[var(--ht)] [font-family:var(--hf)]">
          {persona?.avatar_url ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={persona.avatar_url} alt="" className="h-8 w-8 rounded-full bg-white object-cover" />
          ) : (
            <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-white/20 font-semibold">
              {name.charAt(0)}
            </span>
          )}
          {/* Large bold text (≥ 14pt): the spec's default white on #007bff reads at 3.98:1, enough for large text. */}
          <h2 className="text-[1.2rem] font-bold">Chat with {name}</h2>
        </div>
        <div ref={list} role="log" aria-live="polite" aria-label="Conversation" className="flex-1 space-y-3 overflow-y-auto p-4">
          {loadError && <Banner tone="error">{loadError}</Banner>}
          {messages.map((m, i) =>
            m.role === 'ai' ? (
              <div key={i} className="max-w-[85%]">
                <div data-testid="ai-message" className="chat-markdown rounded-2xl rounded-bl-sm bg-[var(--ab)] px-3 py-2 text-sm text-[var(--at)] [font-family:var(--af)]" dangerouslySetInnerHTML={{ __html: renderMarkdown(m.content, linkSites) }} />
                {m.sources?.length ? (
                  <p className="mt-1 px-1 text-xs text-slate-600 dark:text-slate-400">
                    Sources:{' '}
                    {m.sources.map((s, j) => (
                      <span key={j}>
                        {j ? ', ' : ''}
                        {s.url ? (
                          <a href={s.url} target="_blank" rel="noopener noreferrer" className="underline">
                            {s.title}
                          </a>
                        ) : (
                          s.title
                        )}
                      </span>
                    ))}
                  </p>
                ) : null}
              </div>
            ) : (
              <div key={i} data-testid="user-message" className="ml-auto max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-[var(--ub)] px-3 py-2 text-sm text-[var(--ut)] [font-family:var(--uf)]">
                {m.content}
              </div>
            ),
          )}
          {pending && (
            <div role="status" aria-label="Assistant is typing" className="flex w-14 gap-1 rounded-2xl bg-[var(--ab)] px-3 py-3">
              {[0, 1, 2].map((d) => (
                <span key={d} className="h-2 w-2 animate-bounce rounded-full bg-[var(--at)] opacity-50" style={{ animationDelay: `${d * 150}ms` }} />
              ))}
            </div>
          )}
        </div>
        <div className="flex items-end gap-2 border-t border-slate-200 bg-[var(--ia)] p-3">
          <label htmlFor="test-chat-input" className="sr-only">
            Type your message
          </label>
          <textarea
            id="test-chat-input"
            ref={input}
            rows={1}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKey}
            placeholder="Type your message…"
            className="max-h-[100px] flex-1 resize-none rounded-lg border border-slate-300 bg-[var(--ib)] px-3 py-2 text-sm text-[var(--it)] [font-family:var(--if)] focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
          <Button onClick={() => void send()} disabled={!text.trim() || pending}>
            Send
          </Button>
        </div>
      </div>

      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={clear}>
            Clear Chat
          </Button>
          {model && <p className="text-sm text-slate-700 dark:text-slate-300">Answering with: {model}</p>}
        </div>
        <section aria-labelledby="samples-title">
          <h3 id="samples-title" className="mb-2 font-semibold">
            Try These Questions
          </h3>
          <div className="flex flex-wrap gap-2">
            {SAMPLES.map((q) => (
              <Button
                key={q}
                variant="secondary"
                onClick={() => {
                  setText(q);
                  input.current?.focus();
                }}
              >
                {q}
              </Button>
            ))}
          </div>
        </section>
        <section aria-labelledby="tips-title" className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-700">
          <h3 id="tips-title" className="mb-2 font-semibold">
            Testing Tips
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
            <li>Ask what families really ask: costs, deadlines, programs, visits.</li>
            <li>Ask something your knowledge does not cover: the assistant should say it does not know and point to your contact, never guess.</li>
            <li>If an answer is missing or wrong, add it in the Training Room and ask again.</li>
            <li>Test chats are marked as tests and kept out of your analytics.</li>
          </ul>
        </section>
      </div>
    </div>
  );
}
