import { contentTerms } from '@/lib/retrieval/question-terms';
import { isVeryCommonWord } from '@/lib/retrieval/english';
import { stem, words } from '@/lib/retrieval/vocabulary';
import { splitSentences } from '@/lib/text/sentences';
import { ASKS_COST } from './candidates';

// Staff's instructions as the built-in model may pass them on (issue 48 item 7). An instruction is
// written to the assistant ("Always mention that most students receive aid and point families to the
// net price calculator"); what it wants the visitor to hear is said to the visitor ("Most students
// receive aid; see the net price calculator."), and only on an answer it fits: the tuition
// instructions on a question about the price of attending or paying for it, a sentence about one
// kind of question ("Refer billing questions to the Business Office") on that kind only, a special
// instruction on a question that names its topic. Whatever only tells the assistant how to behave
// ("Do not quote scholarship amounts", "Be warm", "Offer the tour link") is never said.

/** One sentence for the visitor, and the topic it is limited to ("billing" for "For billing questions, …"). */
export type VisitorSentence = { text: string; topic: string[] | null; pointer: boolean };

const PEOPLE = '(?:the\\s+)?(?:visitors?|families|family|parents?|students?|applicants?|callers?|people|them|everyone|prospective \\w+)';
const SAY = '(?:mention|note|say|state|explain|stress|emphasi[sz]e|highlight|add|share|clarify)';
const WORDS_TO_ASSISTANT = new RegExp(`^(?:please\\s+)?(?:always\\s+|also\\s+|be sure to\\s+|make sure to\\s+)?`, 'i');

// Verbs that tell the assistant what to do or how to sound: a clause that opens with one of them and
// is none of the shapes below is guidance, not something to tell a visitor.
const ASSISTANT_VERB = /^(?:please\s+)?(?:always\s+|never\s+|also\s+)?(?:mention|note|say|state|explain|stress|emphasi[sz]e|highlight|add|share|clarify|point|send|refer|direct|route|forward|remind|tell|let|encourage|invite|ask|offer|suggest|recommend|link|give|provide|use|be|keep|answer|respond|reply|avoid|do|don't|never|sound|stay|speak|write|include|quote|focus|prioriti[sz]e|make|ensure|help|try|steer)\b/i;

const sentenceCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const clean = (s: string) => s.replace(/\s+/g, ' ').replace(/\s+([,.;:])/g, '$1').replace(/[\s,;:]+$/, '').trim();
/** "them" and "their" in an instruction are the visitor. */
const toVisitor = (s: string) => s.replace(/\b(they|them)\b/gi, 'you').replace(/\btheir\b/gi, 'your').replace(/\bthemselves\b/gi, 'yourself').replace(/\byou (is|was|has)\b/gi, (_, v: string) => `you ${v === 'has' ? 'have' : v === 'was' ? 'were' : 'are'}`);

/** The clauses of one instruction sentence: "X and point families to Y" and "X: Y" are two. */
function clausesOf(sentence: string): string[] {
  return sentence
    .replace(/[.!]+$/, '')
    .split(new RegExp(`\\s*[:;]\\s+|,?\\s+and\\s+(?=(?:also\\s+)?(?:point|send|refer|direct|remind|tell|let|encourage|invite|mention|note|offer|suggest|recommend|link|say|explain|stress|highlight)\\b)|,\\s+and\\s+that\\s+`, 'i'))
    .map((c) => c.trim())
    .filter(Boolean);
}

/** One clause as a sentence to the visitor, or null when it only tells the assistant what to do. */
function visitorClause(clause: string): VisitorSentence | null {
  let c = clause.replace(WORDS_TO_ASSISTANT, '');
  if (/^(?:do not|don't|never|avoid|no)\b/i.test(c)) return null;
  // "Point families to the Financial Aid page for the details" → "See the Financial Aid page for the details."
  let m = c.match(new RegExp(`^(?:point|send|refer|direct|steer)\\s+${PEOPLE}\\s+(?:to|toward)\\s+(.+)$`, 'i'));
  if (m) return { text: `See ${m[1]!.replace(/\band to (?=the\b)/gi, 'and ')}`, topic: null, pointer: true };
  // "Refer billing questions to the Business Office" → "For billing questions, please contact the Business Office."
  m = c.match(/^(?:refer|send|direct|route|forward|point)\s+(?:all\s+)?(.+?)\s+(?:questions|inquiries|enquiries|requests)\s+to\s+(.+)$/i);
  if (m) return { text: `For ${m[1]} questions, please contact ${m[2]}`, topic: contentTerms(m[1]!), pointer: true };
  // "Questions about residency classification go to the Registrar": already said to the visitor, about one topic.
  m = c.match(/^(?:questions|inquiries|enquiries)\s+(?:about|on|regarding)\s+(.+?)\s+(?:go|should go|are handled by|can go)\b/i);
  if (m) return { text: c, topic: contentTerms(m[1]!), pointer: true };
  // "Remind them that most students receive grants", "Mention that…", "Let families know that…".
  m = c.match(new RegExp(`^(?:(?:tell|remind|inform)\\s+${PEOPLE}|let\\s+${PEOPLE}\\s+know|${SAY}(?:\\s+to\\s+${PEOPLE})?)\\s+(?:that\\s+)?(.+)$`, 'i'));
  if (m) {
    const said = m[1]!.replace(/^that\s+/i, '');
    // "Mention the sibling discount" names a thing rather than saying something about it.
    const statement = /\b(is|are|was|were|has|have|can|may|will|must|should|do|does|covers?|receives?|pays?|gets?|qualif(?:y|ies)|offers?|costs?|includes?|opens?|closes?)\b/i.test(said.replace(/,\s*which\b.*$/i, ''));
    if (statement) return { text: toVisitor(said), topic: null, pointer: false };
    // A page, a calculator or an address is somewhere to look; anything else something to ask about.
    if (/https?:\/\/|\b(page|calculator|website|site|form|portal|estimator)\b/i.test(said)) return { text: `See ${said}`, topic: null, pointer: true };
    return { text: `Ask us about ${said}`, topic: null, pointer: false };
  }
  // "Encourage families to apply early" → "We encourage you to apply early."
  m = c.match(new RegExp(`^(encourage|invite|ask|urge)\\s+${PEOPLE}\\s+to\\s+(.+)$`, 'i'));
  if (m) return { text: `We ${m[1]!.toLowerCase()} you to ${toVisitor(m[2]!)}`, topic: null, pointer: false };
  // Anything else that opens with a verb to the assistant ("Offer the tour link", "Be warm") is guidance.
  if (ASSISTANT_VERB.test(c)) return null;
  c = toVisitor(c);
  return { text: c, topic: null, pointer: false };
}

/** An instruction's sentences for the visitor: its statements first, then where to look. */
export function visitorSentences(instruction: string | null | undefined): VisitorSentence[] {
  const out: VisitorSentence[] = [];
  for (const sentence of splitSentences((instruction ?? '').trim())) {
    if (/^(?:do not|don't|never|avoid)\b/i.test(sentence.trim())) continue;
    for (const clause of clausesOf(sentence)) {
      const v = visitorClause(clause);
      if (v && clean(v.text).split(' ').length >= 2) out.push({ ...v, text: clean(v.text) });
    }
  }
  return [...out.filter((v) => !v.pointer), ...out.filter((v) => v.pointer)];
}

/** Several sentences as one: "Most students receive aid; see the net price calculator." */
export function asOneSentence(sentences: VisitorSentence[]): string | null {
  if (!sentences.length) return null;
  const parts = sentences.map((s, i) => (i && /^(See|We|Most|Many|All|Every|The|There|It|You|Ask|For|Questions)\b/.test(s.text) ? s.text.charAt(0).toLowerCase() + s.text.slice(1) : s.text));
  const text = sentenceCase(parts.join('; '));
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// What it costs to attend and how to pay for it: the tuition instructions' subject.
const ABOUT_PRICE = /\b(tuition|price[sd]?|pricing|afford(able|ability)?|expensive|cheap|cost of attendance|financial aid|aid|scholarships?|grants?|loans?|fafsa|net price|pay for (college|school|it))\b/i;
// When, where or by what date: "fafsa deadline?" asks for a date about aid, not about the price.
const ASKS_WHEN_OR_WHERE = /\b(when|where|deadlines?|due|dates?|what time)\b/i;
// Words that name no particular thing a question could be about: "how much is a year at Larchmont?" asks the price.
const NO_THING = new Set(['year', 'attend', 'go', 'cost', 'costs', 'price', 'much', 'total', 'annual', 'semester', 'per', 'colleg', 'school', 'universiti', 'student', 'full', 'time', 'out', 'state', 'in']);

const distinctive = (text: string) => new Set(words(text).filter((w) => w.length > 2 && !isVeryCommonWord(w)).map(stem));

/**
 * Whether the question is about what attending costs: it names tuition, the price, aid or
 * affording it, or asks what it costs without naming another thing ("What does a year cost?",
 * not "How much is the deposit?"); a question of when or where ("fafsa deadline?") is not, unless
 * it also asks what something costs.
 */
export function asksAboutPrice(question: string, schoolName = ''): boolean {
  if (ASKS_WHEN_OR_WHERE.test(question) && !ASKS_COST.test(question)) return false;
  if (ABOUT_PRICE.test(question)) return true;
  if (!ASKS_COST.test(question)) return false;
  const school = new Set(contentTerms(schoolName));
  return contentTerms(question).every((t) => NO_THING.has(t) || school.has(t));
}

/**
 * The school's own sentence for this question, from its tuition instructions and its special
 * instructions, or null when none fits. `rules` are the active always-do and general instructions
 * ("Title: text").
 */
export function instructionNote(question: string, tuitionInstructions: string | null | undefined, rules: string[] = [], schoolName = ''): string | null {
  const asked = distinctive(question);
  const shared = (terms: string[] | Set<string>) => [...terms].filter((t) => asked.has(t)).length;
  const shares = (terms: string[] | Set<string>) => shared(terms) > 0;
  const price = asksAboutPrice(question, schoolName);
  const fitting: VisitorSentence[] = [];
  for (const s of visitorSentences(tuitionInstructions)) {
    // A sentence about one kind of question is for that kind only; the rest for the price of attending,
    // or for a question that names what the sentence is about ("Is there a sibling discount?").
    if (s.topic ? shares(s.topic) : price || shared(distinctive(s.text)) >= 2) fitting.push(s);
  }
  for (const rule of rules) {
    const cut = rule.indexOf(': ');
    const [title, text] = cut < 0 ? ['', rule] : [rule.slice(0, cut), rule.slice(cut + 2)];
    // A special instruction only where the question names its topic (its title, or what it says).
    const topic = new Set([...distinctive(title), ...distinctive(text)]);
    for (const s of visitorSentences(text)) if (s.topic ? shares(s.topic) : shares(topic) && shares(distinctive(s.text))) fitting.push(s);
  }
  return asOneSentence(fitting);
}
