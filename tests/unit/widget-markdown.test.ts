import { describe, expect, it } from 'vitest';
import { isSafeLinkUrl, renderMarkdown } from '@/lib/widget/markdown';

// Model output reaches the chat frame's innerHTML only through renderMarkdown (docs/widget.md).

const links = (html: string) => [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);

describe('renderMarkdown safety', () => {
  it('shows raw HTML as text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> <iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('leaves javascript:, vbscript:, data: and file: links as plain text', () => {
    for (const src of [
      '[x](javascript:alert(1))',
      '[x](JavaScript:alert(1))',
      '[x](jav&#x61;script:alert(1))',
      '[x](%6A%61vascript:alert(1))',
      '[x]( javascript:alert(1) )',
      '<javascript:alert(1)>',
      '[x](vbscript:msgbox(1))',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[x](file:///etc/passwd)',
      '[x][r]\n\n[r]: javascript:alert(1)',
    ]) {
      const html = renderMarkdown(src);
      expect(links(html), src).toEqual([]);
      expect(html, src).not.toMatch(/href=/);
    }
  });

  it('turns no image into a fetch: an image shows its alt text', () => {
    const html = renderMarkdown('![Campus map](https://tracker.example/p.png) ![x](data:image/png;base64,AAAA)');
    expect(html).not.toMatch(/<img|src=/);
    expect(html).toContain('Campus map');
  });

  it('drops the anchor of an empty link but keeps its text', () => {
    expect(renderMarkdown('[Apply]()')).toBe('<p>Apply</p>\n');
  });

  it('does not turn bare addresses into links (linkify off)', () => {
    expect(links(renderMarkdown('See www.example.edu or https://example.edu'))).toEqual([]);
  });
});

describe('renderMarkdown formatting', () => {
  it('renders http(s), mailto and tel links that open in a new tab without an opener', () => {
    const html = renderMarkdown('[Apply](https://apply.example.edu/start?a=1&b=2) [Email](mailto:admissions@example.edu) [Call](tel:+15551234567) <https://example.edu>', { domains: ['example.edu'], hosts: [] });
    expect(links(html)).toEqual([
      '<a href="https://apply.example.edu/start?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">',
      '<a href="mailto:admissions@example.edu" target="_blank" rel="noopener noreferrer">',
      '<a href="tel:+15551234567" target="_blank" rel="noopener noreferrer">',
      '<a href="https://example.edu" target="_blank" rel="noopener noreferrer">',
    ]);
  });

  it('keeps relative links as text (only absolute web, mail and phone links)', () => {
    expect(links(renderMarkdown('[Tuition](/tuition) [Top](#top)'))).toEqual([]);
  });

  it('renders emphasis, lists and line breaks', () => {
    expect(renderMarkdown('**Tuition** is *low*')).toBe('<p><strong>Tuition</strong> is <em>low</em></p>\n');
    expect(renderMarkdown('- Nursing\n- Biology')).toBe('<ul>\n<li>Nursing</li>\n<li>Biology</li>\n</ul>\n');
    expect(renderMarkdown('1. Apply\n2. Enrol')).toContain('<ol>');
    expect(renderMarkdown('Line one\nLine two')).toBe('<p>Line one<br>\nLine two</p>\n');
  });

  it('escapes code', () => {
    expect(renderMarkdown('`<b>`')).toBe('<p><code>&lt;b&gt;</code></p>\n');
  });
});

describe('links to sites other than the school\'s', () => {
  const school = { domains: ['riverside.edu'], hosts: ['apply.partner.org', 'calendly.com'] };

  it('keeps links to the school, its subdomains, its listed sites and its action prompts clickable', () => {
    const html = renderMarkdown('[Home](https://www.riverside.edu/) [Aid](http://aid.riverside.edu:8080/x) [Apply](https://apply.partner.org/start) [Tour](https://calendly.com/riverside/tour) [Mail](mailto:a@b.co) [Call](tel:+15551234567)', school);
    expect(links(html).map((a) => /href="([^"]+)"/.exec(a)![1])).toEqual([
      'https://www.riverside.edu/',
      'http://aid.riverside.edu:8080/x',
      'https://apply.partner.org/start',
      'https://calendly.com/riverside/tour',
      'mailto:a@b.co',
      'tel:+15551234567',
    ]);
  });

  it('shows any other link as its text with the domain visible, never clickable', () => {
    for (const [src, shown] of [
      ['[safe](https://evil.example/phish)', 'safe (evil.example)'],
      ['[Riverside portal](https://riverside.edu.evil.example/login)', 'Riverside portal (riverside.edu.evil.example)'],
      ['[x](https://evilriverside.edu/)', 'x (evilriverside.edu)'],
      ['[Apply](https://partner.org/)', 'Apply (partner.org)'],
      ['<https://evil.example/a>', 'https://evil.example/a (evil.example)'],
      ['[**bold** link](https://evil.example)', 'bold link (evil.example)'],
    ]) {
      const html = renderMarkdown(src, school);
      expect(links(html), src).toEqual([]);
      expect(html.replace(/<[^>]+>/g, '').trim(), src).toBe(shown);
    }
    // Without the school's sites (no configuration), no web link is clickable.
    expect(links(renderMarkdown('[Home](https://www.riverside.edu/)'))).toEqual([]);
  });
});

describe('isSafeLinkUrl', () => {
  it('accepts only http(s), mailto and tel', () => {
    expect(isSafeLinkUrl('https://x.edu')).toBe(true);
    expect(isSafeLinkUrl('HTTP://x.edu')).toBe(true);
    expect(isSafeLinkUrl('mailto:a@x.edu')).toBe(true);
    expect(isSafeLinkUrl('tel:+1555')).toBe(true);
    expect(isSafeLinkUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeLinkUrl('data:text/html,x')).toBe(false);
    expect(isSafeLinkUrl('//evil.example')).toBe(false);
    expect(isSafeLinkUrl('/relative')).toBe(false);
  });
});
