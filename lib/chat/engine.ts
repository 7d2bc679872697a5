import 'server-only';
import { randomUUID } from 'node:crypto';
import { generateText, streamText, type ModelMessage } from 'ai';
import { configuredModel, modelInfo } from '@/lib/ai/providers';
import { createLocalModel } from '@/lib/model/local-model';
import { AppError } from '@/lib/http/errors';
import { fieldQuestion, nextFieldToAsk } from '@/lib/leads/ask';
import { saveLead } from '@/lib/leads/save';
// Every saved lead queues its CRM delivery in the same transaction.
import { askedField, extractLeadData, leadDataByMessage, mergeLeadData, type ExtractOptions } from '@/lib/leads/extract';
import { LEAD_FIELDS, type LeadData, type LeadFieldKey } from '@/lib/leads/fields';
import { parseRequirements, requirementsMet } from '@/lib/leads/requirements';
import type { WidgetCaller } from '@/lib/widget/access';
import { detectLanguage, LANGUAGE_NAMES, type LanguageCode, type OtherLanguage } from '@/lib/widget/language';
import { assistantFor, type Assistant } from './assistant-cache';
import { composeAnswer, NO_INFORMATION, promptLines, type ActionLink, type ComposeInput, type Composed, type Passage } from '@/lib/model/compose';
import { contentTerms, inEnglish, resolveFollowUp, retrievalQuery, type FollowUpContext } from '@/lib/retrieval/question-terms';
import { isVeryCommonWord } from '@/lib/retrieval/english';
import { correctSpelling, findCorrection, schoolIndex, searchIndexedKnowledge, type KnowledgeHit } from '@/lib/retrieval/knowledge-index';
import { sessionLeadState } from '@/lib/conversations/conversations';
import { storeTurn, type StoredTurn } from '@/lib/conversations/log';
import type { ChatRequest } from './schema';
import { logValue } from '@/lib/system/log';
import { TEXTS } from '@/widget/i18n';
import { wantsPerson } from './person-model';

// One chat turn: retrieve the school's passages, build the instructions, let the model answer
// through the AI SDK (the configured model or the built-in local one), capture lead details, store
// the turn. The two widget routes differ only in how they hand the answer back.

// Passages a turn reads: the built-in model quotes sentences and does best with few; a configured
// model reads a longer prompt well, and a fact one rank lower is then still in front of it.
const PASSAGES = 6;
const CONFIGURED_PASSAGES = 10;

/** Everything the model call needs, and what to do with its answer. */
type PreparedTurn = {
  sessionId: string;
  /** The visitor's language for this turn (Logs show it). */
  language: LanguageCode;
  /** Whether an answer is one the assistant could give (false: it said it does not have that information). */
  answered: (answer: string) => boolean;
  call: () => Parameters<typeof generateText>[0];
  /**
   * The built-in model's answer when it answers: composed here directly, without the AI SDK's
   * prompt checks (a sixth of a message's CPU, for a model that reads none of it).
   */
  local: Composed | null;
  /** The pages and documents the answer came from, for the widget to cite (at most three). */
  sources: AnswerSource[];
  /** Stores the finished turn (when logging is on) and answers its message_index. */
  finish: (answer: string) => Promise<StoredTurn | null>;
};

/** A source an answer cites: the page's title, linked when it was read from the web. */
export type AnswerSource = { title: string; url: string | null };

// Cited: what a visitor could open or recognise. A correction or an action prompt is the school's own word, not a source.
const CITED = new Set(['web_link', 'web_page', 'file', 'file_text', 'interview', 'interview_transcript', 'fact_sheet', 'school']);

/** The passages an answer used, as sources: one per page, its title without the address staff gave it under. */
export function sourcesOf(used: Passage[]): AnswerSource[] {
  const out: AnswerSource[] = [];
  for (const p of used) {
    if (!CITED.has(p.sourceType)) continue;
    const url = p.url && /^https?:\/\//i.test(p.url) ? p.url : null;
    const title = p.title.replace(/\s+\((https?:\/\/[^)]*|document)\)$/, '').replace(/\s+—\s+.*$/, '').trim() || url || p.title;
    if (out.some((o) => (url ? o.url === url : o.title === title))) continue;
    out.push({ title, url });
    if (out.length === 3) break;
  }
  return out;
}

export type Turn = Omit<PreparedTurn, 'call' | 'local'> & {
  /** The model's text as it arrives. */
  textStream: AsyncIterable<string>;
  /** The message asks for a person: nothing is answered or stored (see personTurn). */
  person?: true;
};

/**
 * What a turn answers with: the JSON answer and the stream's `done` event are the same object.
 * `person: true`: the message asks for a person and was neither answered nor stored; the widget
 * sends it to POST /api/widget/live/request, which keeps it in the conversation.
 */
export type ChatReply = { response: string; session_id: string; message_index: number | null; answered: boolean; language: LanguageCode; sources: AnswerSource[]; person?: true };

/** Stores the turn's answer and builds its reply (both widget routes end a turn here). */
export async function replyTo(turn: Omit<Turn, 'textStream'>, answer: string): Promise<ChatReply> {
  const stored = await turn.finish(answer);
  const reply: ChatReply = { response: answer, session_id: turn.sessionId, message_index: stored?.messageIndex ?? null, answered: turn.answered(answer), language: turn.language, sources: turn.sources };
  return turn.person ? { ...reply, person: true } : reply;
}

/**
 * A message the frame's rule let through that the server's model takes for a request for a person
 * ("Sorry, one more thing for a person: …"): not answered and not stored here, since the widget
 * hands it to the live chat request, which stores it (stored twice otherwise).
 */
function personTurn(input: ChatRequest): Turn | null {
  if (!wantsPerson(input.message)) return null;
  return {
    sessionId: input.session_id ?? randomUUID(),
    language: spokenIn(input).language,
    answered: () => true,
    sources: [],
    finish: async () => null,
    person: true,
    textStream: (async function* () {})(),
  };
}

/** Lead capture for this turn: what the visitor has told so far, the lead it makes, and what to ask next. */
async function captureLead(caller: WidgetCaller, assistant: Assistant, sessionId: string, input: ChatRequest) {
  const settings = assistant.leadGen;
  if (!settings.enabled) return { data: null, leadId: null, followUp: null, answered: null };
  const fields = settings.field_order.filter((f) => settings.field_settings[f] !== 'never');
  const history = [...input.conversation_history, { role: 'user' as const, content: input.message }];
  // The quick info card collects and the chat asks nothing: only this message can add a detail
  // (earlier ones were read on their turn), and a message without one needs nothing of the
  // session's lead (no read of it: the chat's statement and CPU budget).
  const card = settings.collection_mode === 'smart_card';
  const options = { fields, programs: assistant.programs };
  // Each message is read once; from the history, this one (the last) is read as a reply to the
  // question just before it, which answeredLeadQuestion reuses.
  const read = leadDataByMessage(card ? [{ role: 'user' as const, content: input.message }] : history, options);
  const said = mergeLeadData(read);
  if (card && !Object.keys(said).length) return { data: null, leadId: null, followUp: null, answered: null };
  const state = await sessionLeadState(caller, sessionId);
  const data: LeadData = { ...(state?.leadData as LeadData | undefined), ...said };
  let leadId = state?.leadId ?? null;
  if (Object.keys(data).length && requirementsMet(parseRequirements(settings.minimum_requirements), data)) {
    leadId = (await saveLead({ schoolId: caller.schoolId, sessionId, source: 'chatbot_conversation', data, isTest: caller.kind === 'internal' })).id;
  }
  const next = settings.collection_mode === 'conversational' ? nextFieldToAsk({ fieldOrder: settings.field_order, fieldSettings: settings.field_settings, captured: data, history }) : null;
  return { data, leadId, followUp: next ? fieldQuestion(next) : null, answered: answeredLeadQuestion(input, card ? null : read.at(-1)!, options) };
}

/**
 * Whether the message only answers the lead question the assistant just asked ("Maria" to "what's
 * your first name?"): then it is thanked, not searched as a question. A message with a question in
 * it is answered as well.
 */
function answeredLeadQuestion(input: ChatRequest, read: LeadData | null, options: ExtractOptions): LeadData | null {
  const last = input.conversation_history.at(-1);
  if (!last || last.role === 'user' || /\?/.test(input.message)) return null;
  const field = askedField(last.content);
  if (!field) return null;
  // `read`: the message as the history read it, after this question. The quick info card read it
  // alone, without the question, so only then is it read again here.
  const own = read ?? extractLeadData([last as { role: 'assistant'; content: string }, { role: 'user', content: input.message }], options);
  return own[field] !== undefined ? own : null;
}

const thanksFor = (given: LeadData) => (typeof given.first_name === 'string' ? `Thank you, ${given.first_name}!` : 'Thank you!');

/** The message's question, the language it is written in, and the turn's: the widget's when the message does not tell (a word, a name). */
function spokenIn(input: ChatRequest): { said: string; written: LanguageCode | null; language: LanguageCode } {
  const said = questionPart(input.message) || input.message;
  const written = detectLanguage(said);
  return { said, written, language: written ?? input.language ?? 'en' };
}

/** The question part of a message that also gives contact details: e-mail addresses and phone numbers taken out. */
export function questionPart(message: string): string {
  return message
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/\+?\d[\d\s().-]{6,}\d/g, ' ')
    // A name is capitalised: "I am Ana Lopez" goes, "I am interested in nursing" stays.
    .replace(/\b(?:[Mm]y name is|I am|I'm|[Tt]his is)\s+\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function contactOf(assistant: Assistant): ComposeInput['contact'] {
  const points = assistant.school.contactPoints;
  return points.find((c) => /admission/i.test(c.name) && (c.email || c.phone)) ?? points.find((c) => c.email || c.phone) ?? null;
}

function actionsOf(assistant: Assistant): ActionLink[] {
  return assistant.actions.map((a) => ({ name: a.name, description: a.actionDescription, audience: a.targetAudience, type: a.actionType, data: a.actionData }));
}

/**
 * A follow-up ("where do we park when we come for it?", "what's his phone number?") names its
 * topic only in earlier turns: its context is then the visitor's previous question and the
 * assistant's answer to it, which retrieval and the built-in model use at a lower weight.
 */
export function followUpContext(question: string, history: { role: string; content: string }[]): FollowUpContext | null {
  const last = history.length - 1;
  const previousUser = [...history].reverse().find((m) => m.role === 'user')?.content;
  if (!previousUser) return null;
  // A pronoun, a question that opens by leaning on the last one ("and for out of state?", "what about
  // me?", "what if we can't come?"), or one too short to name a topic of its own.
  const followUp =
    /\b(it|its|that|this|there|they|them|those|these|then|same|he|his|him|she|her|hers|one)\b/i.test(question) ||
    /^\s*(and|also|but|so|what about|how about|what if|same for|is that|are those)\b/i.test(question) ||
    contentTerms(question).length <= 2;
  if (!followUp) return null;
  return { question: previousUser, answer: history[last]?.role === 'assistant' ? history[last]!.content : '' };
}

async function prepareTurn(caller: WidgetCaller, input: ChatRequest): Promise<PreparedTurn> {
  const receivedAt = new Date();
  const started = performance.now();
  const sessionId = input.session_id ?? randomUUID();

  // The school's index, read once for the turn: spelling, passages, correction and term counts.
  const [assistant, index] = await Promise.all([assistantFor(caller.schoolId, caller.assistantVersion), schoolIndex(caller.schoolId, caller.knowledgeVersion)]);
  const { vocabulary } = index;
  const { said, written, language } = spokenIn(input);
  const other: OtherLanguage | null = written && written !== 'en' ? written : null;
  // A question in Spanish is searched by its admissions words in English (the glossary).
  const spanish = written === 'es';
  const asked = spanish ? inEnglish(said) : other ? said : correctSpelling(index, said);
  const context = followUpContext(asked, input.conversation_history);
  // A follow-up read with the topic it leans on ("when's it open? (food pantry)"): what a correction is
  // matched on and what a configured model is told. Retrieval and the built-in model weigh the earlier
  // turn themselves, at less weight (its answer may hold the topic instead).
  const resolved = resolveFollowUp(asked, context, index.documentFrequency, isVeryCommonWord);
  const info = modelInfo();
  const k = info.mode === 'local' ? PASSAGES : CONFIGURED_PASSAGES;
  const found = searchIndexedKnowledge(index, retrievalQuery(asked, context, vocabulary), k);
  const correction = findCorrection(index, resolved);
  // Staff corrected the answer to this question (or one it paraphrases): their answer comes first.
  const verifiedHit: KnowledgeHit | null = correction
    ? { id: 0, sourceType: 'correction', sourceId: String(correction.id), title: correction.question, content: correction.answer, rank: Infinity }
    : null;
  const hits = verifiedHit ? [verifiedHit, ...found.filter((h) => !(h.sourceType === 'correction' && h.sourceId === verifiedHit.sourceId))].slice(0, k) : found;
  const lead = await captureLead(caller, assistant, sessionId, input);

  const local: ComposeInput = {
    question: asked,
    passages: hits.map((h) => ({ title: h.title, content: h.content, sourceType: h.sourceType, sourceId: h.sourceId, url: h.url ?? null })),
    actions: actionsOf(assistant),
    contact: contactOf(assistant),
    assistantName: assistant.persona?.aiName || 'the admissions assistant',
    schoolName: assistant.school.name,
    followUp: lead.followUp,
    acknowledge: lead.answered ? thanksFor(lead.answered) : null,
    context,
    vocabulary,
    // The built-in model answers in English, after a note in the visitor's language saying so.
    language: other,
    corpus: index,
    verified: verifiedHit ? { question: verifiedHit.title, answer: verifiedHit.content, passage: { title: verifiedHit.title, content: verifiedHit.content, sourceType: 'correction', sourceId: verifiedHit.sourceId } } : null,
    tuitionInstructions: assistant.school.tuitionInstructions,
    alwaysRules: assistant.parts.rules.always_do,
    generalRules: assistant.parts.rules.general,
  };

  // One relevance threshold for both modes: a configured model is told when the built-in one would
  // say it does not know (the built-in model applies it itself). The passages the built-in answer
  // used are the sources cited, whichever model writes the answer.
  const composed = composeAnswer(local);
  const relevant = info.mode === 'local' || composed.known;
  return {
    sessionId,
    language,
    // The built-in model's answer says so itself; a configured model is also judged by the threshold.
    answered: (answer) => relevant && !answer.includes(NO_INFORMATION),
    local: info.mode === 'local' ? composed : null,
    sources: composed.known ? sourcesOf(composed.used) : [],
    // Built when a model is asked: the built-in model's one-shot answer needs no prompt.
    call: () => {
      const reply = language === 'en' ? null : LANGUAGE_NAMES[language];
      const captured = lead.data ? Object.keys(lead.data).map((k) => LEAD_FIELDS[k as LeadFieldKey]?.label).filter(Boolean) : [];
      // The school's instructions, then each answer rule's line (lib/model/rules).
      const lines = promptLines({ languageName: reply, captured, context, resolved, hits, relevant, verified: !!verifiedHit, compose: local });
      const system = [assistant.system_prompt, ...lines].filter(Boolean).join('\n\n');
      const messages: ModelMessage[] = [...input.conversation_history.map((m) => ({ role: m.role, content: m.content }) as ModelMessage), { role: 'user', content: input.message }];
      return {
        // Without an AI service, the built-in model made for this turn answers from what it gathered.
        model: configuredModel() ?? createLocalModel(composed),
        system,
        messages,
        temperature: 0.3,
        maxOutputTokens: 800,
        maxRetries: 1,
      };
    },
    finish: async (answer) =>
      storeTurn(caller, sessionId, {
        question: input.message,
        answer,
        receivedAt,
        responseTimeMs: Math.round(performance.now() - started),
        sources: hits.map((h) => ({ source_type: h.sourceType, source_id: h.sourceId, title: h.title })),
        model: info.model,
        leadData: lead.data,
        leadId: lead.leadId,
        language,
      }),
  };
}

/** POST /api/widget/chat/stream: the answer as the model writes it (AI SDK streamText). */
export async function startTurn(caller: WidgetCaller, input: ChatRequest): Promise<Turn> {
  const person = personTurn(input);
  if (person) return person;
  const { call, sessionId, language, answered, finish, sources } = await prepareTurn(caller, input);
  const turn = { sessionId, language, answered, finish, sources };
  // Failures surface as error parts of the stream (textOf); keep the SDK from logging them twice.
  const result = streamText({ ...call(), onError: () => {} });
  return { ...turn, textStream: textOf(result.fullStream) };
}

/** The answer's text pieces; a model failure becomes a thrown ModelFailure. */
async function* textOf(parts: AsyncIterable<{ type: string; text?: string; error?: unknown }>): AsyncIterable<string> {
  for await (const part of parts) {
    if (part.type === 'text-delta' && part.text) yield part.text;
    else if (part.type === 'error') throw new ModelFailure(part.error);
  }
}

/** The model service failed or refused: 502 with a text the widget can show. */
export class ModelFailure extends AppError {
  constructor(readonly reason: unknown) {
    super(502, TEXTS.en.failure);
  }
}

/** POST /api/widget/chat: the whole answer at once (AI SDK generateText: no streaming machinery to pay for). */
export async function chatOnce(caller: WidgetCaller, input: ChatRequest): Promise<ChatReply> {
  const person = personTurn(input);
  if (person) return replyTo(person, '');
  const turn = await prepareTurn(caller, input);
  let answer: string;
  try {
    answer = turn.local ? turn.local.text : (await generateText(turn.call())).text;
  } catch (err) {
    console.warn(`[chat] the model failed: ${logValue((err as Error)?.message ?? err)}`);
    throw new ModelFailure(err);
  }
  return replyTo(turn, answer);
}
