'use client';

import { useEffect, useRef, useState } from 'react';
import { launcherIcon } from '@/lib/widget/icons';
import type { WidgetStyling } from '@/lib/widget/styling';

// The Styling tab's live preview, drawn by the widget's own code: widget/launcher.ts (the button,
// label, animation and prompt bubble the embed script draws) and widget/chat-view.ts (the chat
// frame's header, messages, quick info card and input), each in a shadow root inside a preview box,
// redrawn from the unsaved styling on every change.

type Modules = [typeof import('@/widget/launcher'), typeof import('@/widget/chat-view')];

/** A shadow root on `el`, made once (attachShadow may be called only once per element). */
const shadowOf = (el: HTMLElement) => el.shadowRoot ?? el.attachShadow({ mode: 'open' });

export function WidgetPreview({ styling }: { styling: WidgetStyling }) {
  const closedBox = useRef<HTMLDivElement>(null);
  const openBox = useRef<HTMLDivElement>(null);
  const [mods, setMods] = useState<Modules | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([import('@/widget/launcher'), import('@/widget/chat-view')]).then(
      (m) => live && setMods(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!mods || !closedBox.current || !openBox.current) return;
    const [{ drawLauncher }, { drawChatPreview }] = mods;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const base = { title: 'Chat with us', position: styling.buttonPosition, dark: false, iconBase: window.location.origin, icon: launcherIcon(styling.buttonIcon), preview: true } as const;

    // The page as a visitor first sees it: launcher, label, animation and the prompt bubble.
    const closed = shadowOf(closedBox.current);
    closed.replaceChildren();
    const launcher = drawLauncher(closed, styling, { ...base, width: '300px', height: '420px' });
    launcher.bubble.hidden = !(styling.promptEnabled && styling.promptMessage.trim());
    const stop = launcher.animate(reduced);

    // The chat open: the frame's parts with sample messages and the quick info card.
    const open = shadowOf(openBox.current);
    open.replaceChildren();
    const opened = drawLauncher(open, styling, { ...base, width: 'min(340px, calc(100vw - 100px))', height: '470px' });
    opened.panel.hidden = false;
    opened.btn.setAttribute('aria-expanded', 'true');
    const chat = document.createElement('div');
    chat.style.height = '100%';
    opened.panel.append(chat);
    drawChatPreview(shadowOf(chat), styling, { aiName: '' });
    return stop;
  }, [mods, styling]);

  if (failed) return <p className="text-sm text-red-800 dark:text-red-300">The preview could not be loaded. Reload the page to try again.</p>;
  return (
    <div className="space-y-3" data-testid="widget-preview">
      <p className="text-sm text-slate-700 dark:text-slate-300">Shows your unsaved changes, drawn by the widget itself.</p>
      {/* The preview is a picture of the widget: inert, so keyboard and screen-reader users skip its sample controls. */}
      <div className="relative h-[200px] overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800" aria-label="Preview: the page with the chat closed" role="img">
        <div ref={closedBox} data-testid="preview-closed" inert className="absolute inset-0" />
      </div>
      <div className="relative h-[580px] overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800" aria-label="Preview: the chat open" role="img">
        <div ref={openBox} data-testid="preview-open" inert className="absolute inset-0" />
      </div>
    </div>
  );
}
