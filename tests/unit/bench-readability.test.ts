import { describe, expect, it } from 'vitest';
import { readabilityFindings, readerSentences } from '@/bench/answers/readability';

// The answer benchmark's readability check (bench/answers/readability.ts): one small example of each
// finding, and the answers that read well and must pass.
const kinds = (question: string, answer: string, context: string[] = []) => readabilityFindings(question, answer, context).map((f) => f.kind);

describe('readability check', () => {
  it('passes a plain answer, its action links and its refusal', () => {
    expect(kinds('When is the Early Action deadline?', 'The Early Action deadline is November 15.\n\n- [Apply Now](https://example.edu/apply)')).toEqual([]);
    expect(kinds('Do you have a marching band?', "I don't have that information right now. For help with this, please contact Admissions at [a@x.edu](mailto:a@x.edu).")).toEqual([]);
    expect(kinds('¿Cuál es la fecha límite?', 'Solo puedo responder en inglés. Esto es lo que encontré:\n\nThe Regular Decision deadline is January 15.')).toEqual([]);
  });

  it('reads "p.m. Eastern" as one sentence', () => {
    expect(readerSentences('The office is open 8 a.m. to 5 p.m. Eastern; Saturdays 9 a.m. to noon. Call us.')).toEqual(['The office is open 8 a.m. to 5 p.m. Eastern; Saturdays 9 a.m. to noon.', 'Call us.']);
  });

  it('finds fragments: a lowercase start, a conjunction, a label without its sentence, a colon with nothing after', () => {
    expect(kinds('What are the office hours?', 'Eastern; Saturdays 9:00 a.m. to noon.')).toContain('fragment');
    expect(kinds('Is there aid?', 'Most students receive aid. and point families to the calculator.')).toContain('fragment');
    expect(kinds('Is there aid?', 'Most students receive aid. And the calculator estimates aid.')).toContain('fragment');
    expect(kinds('When is move-in?', 'Move-in is on August 19. Move-in is by last name:')).toContain('fragment');
    expect(kinds('When is move-in?', 'Move-in is by last name:\n- A to K: 8 am to 11 am\n- L to Z: noon to 3 pm')).toEqual([]);
  });

  it('finds a passage or a table twice, in either form', () => {
    expect(kinds('How much is the deposit?', 'The deposit is $400, due May 1. The deposit is $400, due May 1.')).toContain('duplicate');
    const twice = 'Move-in by last name:\n- Last name: A to K; Time: 8 am to 11 am\n\n| Last name | Time |\n| --- | --- |\n| A to K | 8 am to 11 am |';
    expect(kinds('What time is move-in for A to K?', twice)).toContain('duplicate');
  });

  it('finds a table crushed into one line, and passes a small Markdown table', () => {
    expect(kinds('What grade is an 85?', 'Grades: | A | 90–100 | 4.0 | | B | 80–89 | 3.0 |')).toContain('crushed-table');
    expect(kinds('How much are the fees?', 'Fee: Application; Amount: $50 Fee: Transcript; Amount: $10.')).toContain('crushed-table');
    expect(kinds('What grade is an 85?', 'An 85 is a B:\n\n| Grade | Percentage | Grade points |\n| --- | --- | --- |\n| B | 80–89 | 3.0 |')).toEqual([]);
  });

  it("finds the school's people named when nobody asked, and a sentence about something else", () => {
    const answer = 'The office is open weekdays 8 a.m. to 5 p.m. Dean of Admission: Karen Whitfield.';
    expect(kinds('When is the admission office open?', answer)).toContain('off-topic');
    expect(kinds('Who is the Dean of Admission?', 'Dean of Admission: Karen Whitfield.')).toEqual([]);
    expect(kinds('When is the FAFSA due?', 'The FAFSA priority deadline is February 15. Birch Hall has a climbing wall.')).toContain('off-topic');
    // A hyphenated word shares its parts: "a 21-credit minor" is about credits.
    expect(kinds('How many credits is the degree?', 'The degree is 120 credits. A 21-credit minor in Computer Science is open to any major.')).toEqual([]);
    // A sentence going on from the on-topic one just before it: it points back, or picks up its word.
    expect(kinds('Do students move out of the dorms over winter break?', 'Osprey Village remains open over winter break. All other halls close on December 18.')).toEqual([]);
    expect(kinds('Where do we park?', 'Parents park in Lot B next to Founders Hall. Lot A is reserved for faculty.')).toEqual([]);
    // Words of one topic: where a student lives, finishing.
    expect(kinds('do you have dorms', 'We do not offer on-campus housing. Student Life keeps a list of local landlords who rent to students.')).toEqual([]);
    expect(kinds('when is graduation', 'Apply to graduate by March 1. Commencement is Friday, May 14.')).toEqual([]);
    // One step only, and not across a blank line: a chain drifts off the topic.
    expect(kinds('Where do we park?', 'Parents park in Lot B. It fills up by 9 a.m. on Saturdays. Saturday tours start at the Welcome Center.')).toEqual(['off-topic']);
    expect(kinds('Where do we park?', 'Parents park in Lot B.\n\nIt was paved in 2019.')).toEqual(['off-topic']);
    // A follow-up's earlier turn counts as its topic.
    expect(kinds("What's his phone number?", 'Marcus Oyelaran can be reached at (541) 555-0177.', ['Who runs the financial aid office?', 'Marcus Oyelaran is the Director of Financial Aid.'])).toEqual([]);
  });

  it("finds staff's instructions passed on as they were written", () => {
    expect(kinds('How much is tuition?', 'Tuition is $52,380. Most students receive aid and point families to the net price calculator.')).toContain('instruction');
    expect(kinds('How much is tuition?', 'Tuition is $52,380. Always mention that most students receive aid.')).toContain('instruction');
    expect(kinds('How much is tuition?', 'Tuition is $52,380. Refer billing questions to the Business Office.')).toContain('instruction');
    expect(kinds('How much is tuition?', 'Tuition is $52,380. Most students receive aid; you can estimate your cost with the net price calculator.')).toEqual([]);
  });

  it('finds more than three sentences unless a list is asked for (three for each question asked)', () => {
    const four = 'Tours run on weekdays. Tours last 75 minutes. Tours leave from Hadley Hall. Tours are led by students.';
    expect(kinds('Tell me about tours.', four)).toContain('too-long');
    expect(kinds('What are the tour options?', four)).not.toContain('too-long');
    expect(kinds('How long are tours, and where do tours start?', four)).not.toContain('too-long');
  });
});
