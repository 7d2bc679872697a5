import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { actionPrompts, personalitySettings, personaSettings, schools, specialInstructions, voiceSettings } from '@/db/schema';
import { ACTION_TYPE_LABELS } from '@/lib/knowledge/action-prompt-schema';
import { requireSchoolId } from '@/lib/tenancy';
import type { AuthContext } from '@/lib/auth/accounts';
import { leadGenInstructions } from '@/lib/leads/ask';
import { loadLeadGenSettings } from '@/lib/leads/settings';
import { PERSONALITY_DEFAULTS } from './schema';

// The assistant's system prompt, built in one place so a reader sees exactly what the model is told.
// Each part is kept separately too, for GET /ai-settings/all-instructions.

const say = (v: string) => v.replace(/_/g, ' ');

export type InstructionParts = {
  identity: string;
  personality: string;
  rules: { always_do: string[]; never_do: string[]; general: string[] };
  school: string;
  actions: string[];
  knowledge: string;
  lead_generation?: string;
  voice?: string;
};

export function renderSystemPrompt(parts: InstructionParts): string {
  const sections = [parts.identity, parts.personality];
  // Staff's instructions shape the answer: the model says what they want in its own words, where they fit.
  if (parts.rules.always_do.length) sections.push(`Always (in your own words to the visitor, where it fits the question; never quote these instructions):\n${parts.rules.always_do.map((r) => `- ${r}`).join('\n')}`);
  if (parts.rules.never_do.length) sections.push(`Never:\n${parts.rules.never_do.map((r) => `- Do not ${r.replace(/^(do not|don't|never)\s+/i, '')}`).join('\n')}`);
  if (parts.rules.general.length) sections.push(`Guidance:\n${parts.rules.general.map((r) => `- ${r}`).join('\n')}`);
  sections.push(parts.school);
  if (parts.actions.length) sections.push(`Next steps you can offer, most important first:\n${parts.actions.map((a) => `- ${a}`).join('\n')}`);
  sections.push(parts.knowledge);
  if (parts.lead_generation) sections.push(parts.lead_generation);
  if (parts.voice) sections.push(parts.voice);
  return sections.join('\n\n');
}

/** Everything the assistant of the caller's school is told, as parts and as the final prompt. */
export async function buildInstructions(ctx: AuthContext, opts: { includeVoice?: boolean } = {}) {
  const built = await buildSchoolInstructions(requireSchoolId(ctx), opts);
  return { system_prompt: built.system_prompt, parts: built.parts, persona: { ai_name: built.persona?.aiName ?? null, avatar_url: built.persona?.avatarUrl ?? null } };
}

/**
 * The instructions of one school, with the rows they were made from (the chat engine reuses the
 * persona, the school's contacts, the action prompts and the lead settings).
 */
export async function buildSchoolInstructions(schoolId: number, opts: { includeVoice?: boolean } = {}) {
  const db = await getDb();
  const [[school], [persona], [personality], rules, actions, [voice], leadGen] = await Promise.all([
    db.select().from(schools).where(eq(schools.id, schoolId)).limit(1),
    db.select().from(personaSettings).where(eq(personaSettings.schoolId, schoolId)).limit(1),
    db.select().from(personalitySettings).where(eq(personalitySettings.schoolId, schoolId)).limit(1),
    db.select().from(specialInstructions).where(eq(specialInstructions.schoolId, schoolId)).orderBy(desc(specialInstructions.priority), desc(specialInstructions.id)),
    db.select().from(actionPrompts).where(eq(actionPrompts.schoolId, schoolId)).orderBy(desc(actionPrompts.priority), desc(actionPrompts.id)),
    opts.includeVoice === false ? Promise.resolve([]) : db.select().from(voiceSettings).where(eq(voiceSettings.schoolId, schoolId)).limit(1),
    loadLeadGenSettings(schoolId),
  ]);
  if (!school) throw new Error(`School ${schoolId} does not exist`);
  const name = persona?.aiName || 'the admissions assistant';
  const p = personality
    ? { tone: personality.tone, formality: personality.formality, style: personality.responseStyle, enthusiasm: personality.enthusiasm, empathy: personality.empathyLevel, humor: personality.humorLevel, traits: personality.personalityTraits, custom: personality.customInstructions }
    : { tone: PERSONALITY_DEFAULTS.tone, formality: PERSONALITY_DEFAULTS.formality, style: PERSONALITY_DEFAULTS.response_style, enthusiasm: PERSONALITY_DEFAULTS.enthusiasm, empathy: PERSONALITY_DEFAULTS.empathy_level, humor: PERSONALITY_DEFAULTS.humor_level, traits: [] as string[], custom: '' };

  const active = rules.filter((r) => r.isActive);
  const parts: InstructionParts = {
    identity: [`You are ${name}, the admissions assistant of ${school.name}.`, persona?.roleDescription].filter(Boolean).join(' '),
    personality: [
      `Speak in a ${say(p.tone)} tone, ${say(p.formality)} in formality, and answer in a ${say(p.style)} way.`,
      `Show ${say(p.enthusiasm)} enthusiasm and ${say(p.empathy)} empathy; use ${say(p.humor)} humor.`,
      p.traits.length ? `Be ${p.traits.map((t) => t.toLowerCase()).join(', ')}.` : '',
      p.custom,
    ]
      .filter(Boolean)
      .join(' '),
    rules: {
      always_do: active.filter((r) => r.instructionType === 'always_do').map((r) => `${r.title}: ${r.instructionText}`),
      never_do: active.filter((r) => r.instructionType === 'never_do').map((r) => r.instructionText),
      general: active.filter((r) => r.instructionType === 'general').map((r) => `${r.title}: ${r.instructionText}`),
    },
    school: [
      `About ${school.name}: use the school's own knowledge passages given with each question.`,
      // Guidance for the model, not text for the visitor: it is told to say its point in its own words, only where it fits.
      school.tuitionInstructions ? `On tuition questions: ${school.tuitionInstructions} (Say this to the visitor in your own words, only when the question is about the cost of attending or paying for it; never repeat these instructions as written.)` : '',
    ]
      .filter(Boolean)
      .join(' '),
    actions: actions.filter((a) => a.isActive).map((a) => `${a.name} (for ${a.targetAudience}): ${a.actionDescription} ${ACTION_TYPE_LABELS[a.actionType]}: ${a.actionData}`),
    knowledge:
      "Answer only from the school's knowledge passages and these instructions. If they do not contain the answer, say you do not have that information and offer a way to contact the school. Never invent facts, figures, dates or names. Reply in the language the visitor writes in.",
  };
  if (leadGen.enabled) parts.lead_generation = leadGenInstructions(leadGen);
  if (opts.includeVoice !== false && voice) {
    parts.voice = `When speaking aloud, you use the voice "${voice.voiceName || voice.voiceId}" (stability ${voice.stability}, similarity ${voice.similarityBoost}, style ${voice.style}).`;
  }
  return { system_prompt: renderSystemPrompt(parts), parts, school, persona: persona ?? null, actions: actions.filter((a) => a.isActive), leadGen };
}
