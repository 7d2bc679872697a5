// The visitors' languages: the widget's languages, and which one a visitor's message is
// written in. No imports: the chat engine, the widget API's schema and the Logs tab share it.

/** The widget's languages; Simplified Chinese is `zh`, Arabic is written right to left. */
export const LANGUAGES = ['en', 'es', 'fr', 'pt', 'zh', 'vi', 'ko', 'ar'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];
export type OtherLanguage = Exclude<LanguageCode, 'en'>;

/** Each language's English name (for the model's instructions and the Logs tab). */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  pt: 'Portuguese',
  zh: 'Simplified Chinese',
  vi: 'Vietnamese',
  ko: 'Korean',
  ar: 'Arabic',
};

export const isLanguage = (v: unknown): v is LanguageCode => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

// Function words that mark a Latin-script language; words shared by several count for each.
const MARKERS: Record<'en' | 'es' | 'fr' | 'pt', Set<string>> = {
  en: new Set('the is are what how when where which who do does can i you my your of to for and in on at with about there have has'.split(' ')),
  es: new Set('el la los las de del para por es son está cuál cual qué que cómo cuándo cuando dónde donde cuánto cuanto hay tienen tiene puedo una un con mi su sus y en al lo se hola gracias'.split(' ')),
  fr: new Set('le la les de des du est sont quel quelle quels quelles comment combien pourquoi où je vous nous il elle un une et en au aux pour avec sur mon ma mes votre vos bonjour merci ce cette qui que'.split(' ')),
  pt: new Set('o a os as de do da dos das para por é são qual quais como quando onde quanto há tem têm posso uma um com meu minha seu sua e em no na nos nas ao você vocês não olá obrigado obrigada que'.split(' ')),
};

/**
 * The language a visitor's message is written in, or null when it cannot tell (a word or two, a
 * name, a number). Scripts settle Chinese, Korean and Arabic; Vietnamese by its own letters; the
 * Latin-script languages by their function words and letters.
 */
export function detectLanguage(text: string): LanguageCode | null {
  if (/[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]/.test(text)) return 'ko';
  if (/[\u0600-\u06ff\u0750-\u077f]/.test(text)) return 'ar';
  if (/[\u4e00-\u9fff]/.test(text)) return 'zh';
  if (/[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i.test(text)) return 'vi';
  const ws = text.toLowerCase().replace(/[’']/g, ' ').match(/[\p{L}]+/gu) ?? [];
  const score = { en: 0, es: 0, fr: 0, pt: 0 };
  for (const w of ws) for (const lang of ['en', 'es', 'fr', 'pt'] as const) if (MARKERS[lang].has(w)) score[lang]++;
  // Letters only one of them uses.
  if (/[¿¡ñ]/i.test(text)) score.es += 3;
  if (/[ãõ]/i.test(text)) score.pt += 3;
  if (/[èœùû]|\b(est-ce|qu)\b/i.test(text)) score.fr += 2;
  const best = (['en', 'es', 'fr', 'pt'] as const).reduce((a, b) => (score[b] > score[a] ? b : a));
  if (score[best] === 0) return null;
  // A short message needs a clear marker; a longer one enough of its words.
  if (ws.length < 3 && score[best] < 3) return null;
  return best;
}
