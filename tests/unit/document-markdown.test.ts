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

  it("reads a table's rows each by itself under its column labels, never its pipes run together", async () => {
    const md = 'Your summer checklist:\n\n| Task | Where | Due |\n| --- | --- | --- |\n| Pay the $400 enrollment deposit | HalloranHub | May 1 |\n| Order the **Foundation Supply Kit** | The Supply Closet | July 31 |';
    const { blocks, sections } = await extractDocumentText(new TextEncoder().encode(md), 'md');
    expect(blocks).toEqual(['Your summer checklist:', 'Task: Pay the $400 enrollment deposit; Where: HalloranHub; Due: May 1', 'Task: Order the Foundation Supply Kit; Where: The Supply Closet; Due: July 31']);
    // The index reads them the same way (one definition of a labelled row).
    expect(sections![0]!.lines.slice(1)).toEqual(blocks.slice(1).map((b) => `- ${b}`));
  });
});

// A plain-text document (a handbook saved as .txt, a Word or PDF file's text) keeps its headings
// apart from the sentences under them, and its hard-wrapped lines as one paragraph.
describe('a plain-text document read for the index', () => {
  it('takes a short line of its own for a heading, never a wrapped line', async () => {
    const txt = [
      '11. COMMUNITY EXPECTATIONS',
      '',
      'Parking',
      'Parents visiting campus park in Lot B next to Founders Hall. Lot A is reserved for faculty',
      'and staff. Students who drive must register their car with the Upper School Office.',
      '',
      'The Office of Admissions is open weekdays from 8 am to 4 pm and on the first',
      'Saturday of each month.',
    ].join('\n');
    const { sections, blocks, headings } = await extractDocumentText(new TextEncoder().encode(txt), 'txt');
    // A chapter's heading with nothing of its own before the next heading titles nothing.
    expect(headings).toEqual(['Parking']);
    expect(sections).toEqual([
      {
        heading: 'Parking',
        lines: [
          'Parents visiting campus park in Lot B next to Founders Hall. Lot A is reserved for faculty and staff. Students who drive must register their car with the Upper School Office.',
          'The Office of Admissions is open weekdays from 8 am to 4 pm and on the first Saturday of each month.',
        ],
      },
    ]);
    expect(blocks.join(' ')).not.toContain('Parking Parents');
  });
});
