// The embed code staff paste into their site and the demo page they can download.
// No server imports: the API Key tab builds both in the browser.

import { escapeHtml } from '@/lib/text/html';

export type EmbedOptions = { apiKey: string; apiUrl: string; theme?: 'light' | 'dark'; position?: 'bottom-right' | 'bottom-left' | 'custom' };


/** One script tag carrying the widget configuration (apiKey, apiUrl, theme, position, 400 × 600, loadPersonaInfo). */
export function embedCode({ apiKey, apiUrl, theme = 'light', position = 'bottom-right' }: EmbedOptions): string {
  const base = apiUrl.replace(/\/+$/, '');
  return [
    '<!-- Lantern admissions chat -->',
    `<script src="${escapeHtml(base)}/widget.js" data-key="${escapeHtml(apiKey)}" data-api-url="${escapeHtml(base)}"`,
    `  data-theme="${theme}" data-position="${position}" data-width="400px" data-height="600px"`,
    '  data-load-persona-info="true" async></script>',
  ].join('\n');
}

/** A complete page that embeds the widget, for trying it before touching the school's site. */
export function demoPage(opts: EmbedOptions & { schoolName: string }): string {
  const name = escapeHtml(opts.schoolName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} – chat widget demo</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; background: #f8fafc; }
  main { max-width: 42rem; margin: 4rem auto; padding: 0 1.5rem; line-height: 1.6; }
  code { background: #e2e8f0; padding: 0.1rem 0.3rem; border-radius: 4px; }
</style>
</head>
<body>
<main>
  <h1>${name}</h1>
  <p>This page shows the admissions chat exactly as visitors will see it. Open the chat button in the corner and ask a question.</p>
  <p>To add the chat to your website, paste the script tag from this page's source (just before <code>&lt;/body&gt;</code>) into every page where it should appear.</p>
</main>
${embedCode(opts)}
</body>
</html>
`;
}
