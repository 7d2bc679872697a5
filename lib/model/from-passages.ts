import { contentTerms } from '@/lib/retrieval/question-terms';
import { WANTS_TO_ACT, type Sentence } from '@/lib/retrieval/sentences';
import { BUILT_IN_VOCABULARY, stem, type Vocabulary, words } from '@/lib/retrieval/vocabulary';
import { actionMarkdown, contactLine, correctionReply, NO_INFORMATION, withFollowUp, withNote, type ActionLink, type BuiltInInput, type ComposeInput, type Composed, type Passage } from './answer';
import { IN_ENGLISH, NOT_FOUND_IN_ENGLISH } from './other-languages';
import { readableSentences, sentenceBudget, topicStems, unitsOf, writeSentences, type Topic } from './readable';
import { questionParts, type Candidate } from './candidates';
import { chooseSentences, Scoring, type Scored } from './scoring';
import { withSurroundings } from './surroundings';

// The built-in model's answer from the school's passages, when no earlier answer rule gave one
// (rules/passages.ts): it only ever repeats what staff wrote; it never makes a fact up.

/** A staff correction is given whole only when its best sentence answers this much of the question (a page's sentence needs 0.6). */
const CORRECTION_COVERAGE = 0.75;

/**
 * A message of several questions ("Is there after-school care? What does it cost?"), each answered
 * by itself (a later one leans on the earlier ones: "what does it cost" is the care's cost). Null
 * when it asks one question, or when no part can be answered.
 */
function answerParts(input: ComposeInput, question: string, vocabulary: Vocabulary) {
  // Only the questions: "She teaches my BIO 201 section." says who, it asks nothing.
  const parts = questionParts(question).filter((p) => /^(what|when|where|how|who|which|why|can|could|do|does|did|is|are|will|would|should|may|and|or)\b/i.test(p) || question.includes(`${p}?`));
  if (parts.length < 2) return null;
  const sentences: Candidate['sentences'] = [];
  const used = new Set<Passage>();
  // Each part's best answer is written whatever the other parts' sentences say.
  const anchors = { all: new Set<Sentence>(), best: new Set<Sentence>() };
  const missing: string[] = [];
  parts.forEach((part, i) => {
    // "What does it cost?" after a question it could not answer is not a question of its own.
    const leans = /\b(it|its|that|this|they|them|those|these|one)\b/i.test(part) || contentTerms(part).length <= 2;
    if (i && leans && missing.length === i) return void missing.push(part);
    const context = i ? { question: parts.slice(0, i).join(' '), answer: '' } : (input.context ?? null);
    const scoring = new Scoring(part, input.passages, vocabulary, context, input.corpus ?? null);
    const choice = chooseSentences(scoring);
    if (!choice.known) return void missing.push(part);
    const { all, best } = anchorsOf(scoring, choice.chosen);
    for (const s of all) anchors.all.add(s);
    for (const s of best) anchors.best.add(s);
    for (const c of withinBudget(input, scoring, choice.chosen, sentenceBudget(part, 1))) {
      used.add(c.passage);
      for (const s of c.sentences) if (!sentences.includes(s)) sentences.push(s);
    }
  });
  return sentences.length ? { sentences, used: [...used], anchors, missing } : null;
}

/**
 * The answer from the school's passages: the sentences that best answer the question (each part of
 * a message of several questions by itself), the action prompts that fit, or an honest "I don't
 * have that information" with the school's contact.
 */
export function passagesAnswer({ input, question, plain }: BuiltInInput): Composed {
  const vocabulary = input.vocabulary ?? BUILT_IN_VOCABULARY;
  const scoring = new Scoring(question, input.passages, vocabulary, input.context ?? null, input.corpus ?? null);
  const { chosen, known, bestCoverage } = chooseSentences(scoring);
  const matching = relevantActions(plain, input.actions, vocabulary);
  // With an answer: the actions that fit the question and those an "always" instruction names.
  const actions = withAlwaysActions(input, matching, vocabulary);
  if (!known) {
    const parts = answerParts(input, question, vocabulary);
    if (parts) return renderAnswer(input, actions, parts.sentences, parts.used, parts.anchors, parts.missing);
  }

  // The best answer is a staff correction's: the question is one staff answered, in other words; their answer is given whole.
  const best = chosen[0]?.c.passage;
  if (known && best?.sourceType === 'correction' && bestCoverage >= CORRECTION_COVERAGE) return correctionReply(input, best.content, best);
  const used = known ? [...new Set(chosen.map((s) => s.c.passage))] : [];
  const language = input.language ?? null;

  // "How do I apply?", "Can I book a tour?": the school's own next step answers it, after what its
  // passages say about it when they answer.
  const intent = WANTS_TO_ACT.test(question);
  // "Can I book a tour?", "How do I schedule a campus visit?": the action prompt that matches is the
  // way to do it; what the passages say about the thing itself (the tour times) comes with it. The
  // thing is what follows the verb ("a tour"), scored by itself.
  if (!known && intent && matching.length) {
    const topic = question.replace(WANTS_TO_ACT, '').replace(/^\s*[\p{L}'-]+\s+/u, '');
    const topicScoring = topic && contentTerms(topic).length ? new Scoring(topic, input.passages, vocabulary, null, input.corpus ?? null) : null;
    const about = topicScoring ? chooseSentences(topicScoring) : null;
    if (topicScoring && about?.known) {
      const best = withSurroundings(topicScoring, [about.chosen[0]!.c]);
      const held = new Set(best.flatMap((p) => p.sentences));
      return renderAnswer(input, actions, [...held], [...new Set(best.map((p) => p.passage))], { all: held, best: held });
    }
  }
  // Action prompts are shown as the actions themselves (link, phone, e-mail); their descriptions
  // are staff's notes on when to offer them, not text for visitors.
  if (matching.length && !known) {
    const lines = matching.map((a) => `- ${actionMarkdown(a)}`).join('\n');
    if (intent) return { text: withFollowUp(`${language ? `${IN_ENGLISH[language]}\n\n` : ''}Here's how:\n\n${lines}`, input.followUp), known: true, used: [] };
    // No lead question after "I don't know": asking for a name then reads as a price for an answer.
    return { text: `${language ? `${NOT_FOUND_IN_ENGLISH[language]}\n\n` : ''}${NO_INFORMATION} right now, but these can help:\n\n${lines}`, known: false, used: [] };
  }
  if (!known) return { text: withNote(`${language ? `${NOT_FOUND_IN_ENGLISH[language]}\n\n` : ''}${NO_INFORMATION} right now. ${contactLine(input)}`, input, question), known: false, used: [] };

  // At most three sentences (three a question of the message) unless a list is asked for.
  const kept = withinBudget(input, scoring, chosen, sentenceBudget(question, questionParts(question).length));
  // The sources are the passages the answer still quotes, best first.
  return renderAnswer(input, actions, kept.flatMap((p) => p.sentences), used.filter((p) => kept.some((k) => k.passage === p)), anchorsOf(scoring, chosen));
}

/** The sentences as written out: each passage once, people only when asked for, each tied to the question or the first sentence (the best answer's always). */
const readable = <T extends { sentence: string; listItem: boolean }>(input: ComposeInput, sentences: T[], topic: Topic) =>
  readableSentences(sentences, input.question, input.context?.question ?? '', topic);

/**
 * The sentences that may open the answer whatever their words: the best answer's with what frames
 * them (its section's opening sentence, its list), and those of any other chosen sentence that
 * answers the question by itself as well as a best answer must; after the first, each must be tied
 * to the question (lib/model/readable.ts `onTopic`), but for the best answer's own.
 */
const anchorsOf = (scoring: Scoring, chosen: Scored[]) => {
  const best = chosen.length ? withSurroundings(scoring, [chosen[0]!.c]).flatMap((p) => p.sentences) : [];
  const answering = chosen.slice(1).filter((s) => scoring.coverageOf(s.factors) >= ANSWERS_ALONE).flatMap((s) => s.c.sentences);
  return { all: new Set([...best, ...answering]), best: new Set(chosen[0]?.c.sentences ?? []) };
};
/** The sentences written whatever else is (`all`), and the best answer's own among them (`best`: two that run on stay together). */
type Anchors = { all: ReadonlySet<Sentence>; best: ReadonlySet<Sentence> };
/** The share of the question a best answer must answer (chooseSentences' bar). */
const ANSWERS_ALONE = 0.6;

/** What the answer's sentences must be tied to: the question and the turn it follows, and the best answer's own sentences. */
function topicOf(input: ComposeInput, anchors: Anchors): Topic {
  const text = [input.question, input.context?.question, input.context?.answer].filter(Boolean).join(' ');
  const asked = [input.question, input.context?.question].filter(Boolean).join(' ');
  const vocabulary = input.vocabulary ?? BUILT_IN_VOCABULARY;
  return { stems: topicStems(text), anchors: anchors.all, best: anchors.best, groups: vocabulary.groupsIn(asked, words(asked).map(stem)) };
}

/**
 * The chosen candidates as many as the sentence budget holds, with what they need around them: the
 * best one always, then those holding the kind of answer asked for (the amount for "how much"),
 * then the rest, each group the better answers first.
 */
function withinBudget(input: ComposeInput, scoring: Scoring, chosen: Scored[], budget: number): Candidate[] {
  // A sentence that introduces a list holds what its list holds ("Audition days are:" and the dates).
  const holdsKind = (s: Scored) => s.kinds > 0 || withSurroundings(scoring, [s.c]).some((p) => scoring.asked.kinds.some((k) => scoring.holds(p, k)));
  const rest = chosen.slice(1).map((s) => ({ s, kind: holdsKind(s), value: scoring.valueAlone(s) }));
  rest.sort((a, b) => Number(b.kind) - Number(a.kind) || b.value - a.value);
  const order = [chosen[0]!, ...rest.map((r) => r.s)].filter(Boolean).map((s) => s.c);
  // Another answer to what the best one answers (each of its words as well) that holds the kind asked for.
  const best = chosen[0]!;
  const holding = new Set(rest.filter((r) => r.kind && [...best.factors].every(([t, f]) => (r.s.factors.get(t) ?? 0) >= Math.min(f, 0.5))).map((r) => r.s.c));
  const anchors = anchorsOf(scoring, chosen);
  // Read once: the answer is fitted to its budget over many trials.
  const topic = topicOf(input, anchors);
  const units = (cs: Candidate[], leads: boolean) => unitsOf(readable(input, withSurroundings(scoring, cs, leads).flatMap((p) => p.sentences), topic));
  const kept: Candidate[] = [];
  // The sections' opening sentences that frame a sentence come only while there is room for them.
  let leads = true;
  for (const whole of order) {
    // Two sentences that run on, when only one fits: the first, which was matched.
    const first = whole.sentences.length > 1 ? { ...whole, sentences: whole.sentences.slice(0, 1), text: whole.sentences[0]!.sentence } : whole;
    const c = !kept.length || units([...kept, whole], leads) <= budget ? whole : first;
    if (!kept.length || units([...kept, c], leads) <= budget) kept.push(c);
    else if (leads && units([...kept, c], false) <= budget) {
      kept.push(c);
      leads = false;
    } else if (holding.has(whole) && kept[0]!.sentences.length > 1) {
      // The kind of answer asked for (the audition dates for "when") before the best answer's second sentence.
      const shorter = [{ ...kept[0]!, sentences: kept[0]!.sentences.slice(0, 1), text: kept[0]!.sentences[0]!.sentence }, ...kept.slice(1), c];
      if (units(shorter, leads) <= budget) kept.splice(0, kept.length, ...shorter);
    }
  }
  return withSurroundings(scoring, kept, leads);
}

/** The answer's text: the sentences (list points stay a list, sentences read as a paragraph), the parts it cannot answer, the matching actions. */
function renderAnswer(input: ComposeInput, actions: ActionLink[], sentences: Candidate['sentences'], used: Passage[], anchors: Anchors, missing: string[] = []): Composed {
  const language = input.language ?? null;
  const written = readable(input, sentences, topicOf(input, anchors));
  let text = writeSentences(written);
  // Honest in part: the questions of the message it has no answer to are named.
  if (missing.length) text += `\n\n${missing.map((m) => `I don't have the answer to "${m.replace(/\s*\?\s*$/, '')}" right now.`).join(' ')} ${contactLine(input)}`;
  if (language) text = `${IN_ENGLISH[language]}\n\n${text}`;
  // The school's note where it fits, when the answer leaves room for it: the answer comes first.
  if (unitsOf(written) < sentenceBudget(input.question, questionParts(input.question).length)) text = withNote(text, input, input.question);
  if (actions.length) text += `\n\n${actions.map((a) => `- ${actionMarkdown(a)}`).join('\n')}`;
  return { text: withFollowUp(text, input.followUp), known: true, used };
}

/** The action prompts offered with an answer: those that fit the question, then those an "always" instruction names. */
function withAlwaysActions(input: ComposeInput, matching: ActionLink[], vocabulary: Vocabulary): ActionLink[] {
  const out = [...matching];
  for (const rule of input.alwaysRules ?? []) {
    for (const a of relevantActions(contentTerms(rule), input.actions, vocabulary)) if (!out.includes(a)) out.push(a);
  }
  return out.slice(0, 3);
}

/**
 * At most two action prompts that fit the question: a topic word in the prompt's name counts most,
 * a neighbouring word (apply ~ application) less, its description and audience least.
 */
function relevantActions(terms: string[], actions: ActionLink[], vocabulary: Vocabulary): ActionLink[] {
  const scored = actions
    .map((a, i) => {
      const nameStems = new Set(words(a.name).map(stem));
      const restStems = new Set(words(`${a.description} ${a.audience}`).map(stem));
      const nameGroups = vocabulary.groupsIn(a.name, nameStems);
      const restGroups = vocabulary.groupsIn(`${a.description} ${a.audience}`, restStems);
      let score = 0;
      for (const t of terms) {
        const gs = vocabulary.groupsOf(t);
        if (nameStems.has(t)) score += 3;
        else if (gs.some((g) => nameGroups.has(g))) score += 1.5;
        if (restStems.has(t)) score += 1;
        else if (gs.some((g) => restGroups.has(g))) score += 0.5;
      }
      return { a, score, i };
    })
    .filter((s) => s.score >= 2)
    .sort((x, y) => y.score - x.score || x.i - y.i);
  return scored.slice(0, 2).map((s) => s.a);
}
