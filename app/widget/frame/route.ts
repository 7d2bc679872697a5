import { frameAncestorsForKey } from '@/lib/widget/access';

// GET /widget/frame?key=…&session=…&theme=light|dark: the page inside the widget's iframe. The chat
// itself is public/widget/frame.js, which reads its parameters from location.search, so nothing
// from the query is written into this HTML. Browsers may frame it only on the key's allowed sites
// (CSP frame-ancestors), and it may talk only to Lantern's own origin.

const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function page(status: number, html: string, frameAncestors: string): Response {
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `${POLICY}; frame-ancestors ${frameAncestors}`,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cache-Control': 'no-store',
    },
  });
}

/** A minimal page: the frame's head with `head` added, and `body`. */
const html = (head: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Chat</title>
${head}</head>
${body}
</html>
`;

/** The frame page; `dark` only picks the background shown before the script has drawn. */
const chatPage = (dark: boolean) =>
  html(
    `<style>html,body{margin:0;height:100%;background:${dark ? '#1b1c1f' : '#fff'}}#lantern-chat{height:100%}</style>
<script src="/widget/frame.js" defer></script>
`,
    `<body>
<div id="lantern-chat"></div>
</body>`,
  );

const UNAVAILABLE = html(
  '',
  `<body style="font-family:system-ui,sans-serif;color:#555;text-align:center;padding:2em">
<p>This chat is not available.</p>
</body>`,
);

export async function GET(req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const key = params.get('key')?.trim() ?? '';
  const ancestors = key ? await frameAncestorsForKey(key) : null;
  if (!ancestors) return page(404, UNAVAILABLE, "'none'");
  return page(200, chatPage(params.get('theme') === 'dark'), ancestors.join(' '));
}
