import MarkdownIt, { type Token } from 'markdown-it';
import { escapeHtml } from '@/lib/text/html';
import { linkAllowed, type LinkSites } from './origins';

// The assistant's answers are Markdown written by a model that anyone can talk to, from pages and
// documents anyone could have written, so its output is untrusted: raw HTML is off, only http(s),
// mailto and tel links survive (anything else stays as plain text), links open in a new tab without
// access to this window, and images are shown as their alt text so an answer cannot make the
// visitor's browser fetch anything. A web link stays clickable only when it points at one of the
// school's own sites or its action prompts (`LinkSites`, from the widget's configuration); any
// other is shown as its text with the site's domain after it, so nobody is sent to a phishing page
// that a crawled page slipped into an answer. Shared by the chat frame (widget/frame.ts) and the
// staff test chat, so no server imports.

export type { LinkSites };

const SAFE_URL = /^(https?:\/\/|mailto:|tel:)/i;

/** Whether a link target may become a clickable link at all. */
export function isSafeLinkUrl(url: string): boolean {
  return SAFE_URL.test(url.trim());
}

const md = new MarkdownIt({ html: false, linkify: false, breaks: true });

// Checked where links are parsed: an unsafe destination makes `[x](…)` stay literal text.
md.validateLink = isSafeLinkUrl;


md.renderer.rules.image = (tokens, idx, options, env, self) => escapeHtml(self.renderInlineAsText(tokens[idx].children ?? [], options, env));

/** The link_close token of the link that opens at `idx`. */
function closeOf(tokens: Token[], idx: number): Token | null {
  for (let i = idx + 1; i < tokens.length; i++) if (tokens[i].type === 'link_close') return tokens[i];
  return null;
}

const hostOf = (href: string) => {
  try {
    return new URL(href).hostname;
  } catch {
    return '';
  }
};

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = String(token.attrGet('href') ?? '');
  // Belt and braces: validateLink already refused these, but an empty `[x]()` still gets here.
  if (!isSafeLinkUrl(href)) {
    const close = closeOf(tokens, idx);
    if (close) close.meta = { dropped: true };
    return '';
  }
  if (!linkAllowed(href, (env as { sites?: LinkSites } | undefined)?.sites ?? { domains: [], hosts: [] })) {
    const close = closeOf(tokens, idx);
    if (close) close.meta = { dropped: true, domain: hostOf(href) };
    return '';
  }
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer');
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules.link_close = (tokens, idx, options, _env, self) => {
  const meta = tokens[idx].meta as { dropped?: boolean; domain?: string } | null;
  if (!meta?.dropped) return self.renderToken(tokens, idx, options);
  return meta.domain ? ` <span class="link-domain">(${escapeHtml(meta.domain)})</span>` : '';
};

/**
 * Model Markdown as HTML that is safe to assign to innerHTML. `sites`: where links may point and
 * stay clickable (mailto and tel always do); without it, no web link is clickable.
 */
export function renderMarkdown(text: string, sites?: LinkSites | null): string {
  return md.render(text, { sites: sites ?? undefined });
}
