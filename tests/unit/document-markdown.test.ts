import { describe, expect, it } from 'vitest';
import { extractDocumentText } from '@/lib/knowledge/extract-document';

// A Markdown document's paragraphs as the insights read them: a list's points as sentences, not
// run together behind their markers ("…2027. - There is no fee…").
describe('a Markdown document read for its insights', () => {
  it('drops every list point\'s marker, not just the first', async () => {
    const md = '## Graduation\n\n- Apply to graduate in LynxNet. The deadline is February 15, 2027.\n- There is no fee to apply.\n+ Commencement is May 14, 2027.';
    const { blocks } = await extractDocumentText(new TextEncoder().encode(md), 'md');
    expect(blocks).toEqual(['Apply to graduate in LynxNet. The deadline is February 15, 2027. There is no fee to apply. Commencement is May 14, 2027.']);
  });
});
