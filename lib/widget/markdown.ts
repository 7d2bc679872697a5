import MarkdownIt from 'markdown-it';

// The assistant's answers are Markdown written by a model that anyone can talk to, so its output is
// untrusted: raw HTML is off, only http(s), mailto and tel links survive (anything else stays as
// plain text), links open in a new tab without access to this window, and images are shown as
// their alt text so an answer cannot make the visitor's browser fetch anything. Shared by the chat
// frame (widget/frame.ts) and the staff test chat, so no server imports.

const SAFE_URL = /^(https?:\/\/|mailto:|tel:)/i;

/** Whether a link target may become a clickable link. */
export function isSafeLinkUrl(url: string): boolean {
  return SAFE_URL.test(url.trim());
}

const md = new MarkdownIt({ html: false, linkify: false, breaks: true });

// Checked where links are parsed: an unsafe destination makes `[x](…)` stay literal text.
md.validateLink = isSafeLinkUrl;

const escapeHtml = md.utils.escapeHtml;

md.renderer.rules.image = (tokens, idx, options, env, self) => escapeHtml(self.renderInlineAsText(tokens[idx].children ?? [], options, env));

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  // Belt and braces: validateLink already refused these, but an empty `[x]()` still gets here.
  if (!isSafeLinkUrl(String(token.attrGet('href') ?? ''))) {
    for (let i = idx + 1; i < tokens.length; i++) {
      if (tokens[i].type === 'link_close') {
        tokens[i].meta = { dropped: true };
        break;
      }
    }
    return '';
  }
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer');
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules.link_close = (tokens, idx, options, _env, self) => (tokens[idx].meta?.dropped ? '' : self.renderToken(tokens, idx, options));

/** Model Markdown as HTML that is safe to assign to innerHTML. */
export function renderMarkdown(text: string): string {
  return md.render(text);
}
