import { describe, expect, it } from 'vitest';
import { detectLanguage } from '@/lib/widget/language';
import { fill, pickLanguage, TEXTS, WANTS_PERSON, WIDGET_LANGUAGES } from '@/widget/i18n';

describe('detectLanguage', () => {
  it.each([
    ['¿Cuál es la fecha límite para aplicar?', 'es'],
    ['Quelle est la date limite pour les candidatures ?', 'fr'],
    ['Qual é o prazo para a inscrição? Vocês têm bolsas?', 'pt'],
    ['申请截止日期是什么时候？', 'zh'],
    ['Hạn chót nộp hồ sơ là khi nào?', 'vi'],
    ['지원 마감일이 언제인가요?', 'ko'],
    ['ما هو الموعد النهائي للتقديم؟', 'ar'],
    ['What is the application deadline?', 'en'],
  ])('%s → %s', (text, lang) => expect(detectLanguage(text)).toBe(lang));

  it('cannot tell from a name or a word', () => {
    expect(detectLanguage('Maria')).toBeNull();
    expect(detectLanguage('tuition')).toBeNull();
  });
});

describe('the widget texts', () => {
  it('has every text in every language', () => {
    const keys = Object.keys(TEXTS.en).sort();
    for (const lang of WIDGET_LANGUAGES) {
      expect(Object.keys(TEXTS[lang]).sort()).toEqual(keys);
      for (const k of keys) expect(TEXTS[lang][k as keyof typeof TEXTS.en].trim()).not.toBe('');
      expect(TEXTS[lang].greeting).toContain('{name}');
      expect(TEXTS[lang].waitSeconds).toContain('{n}');
    }
  });

  it('picks the browser language, any region, else the school default', () => {
    expect(pickLanguage(['es-MX', 'en'], 'en')).toBe('es');
    expect(pickLanguage(['de-DE', 'zh-TW'], 'en')).toBe('zh');
    expect(pickLanguage(['de-DE'], 'fr')).toBe('fr');
    expect(pickLanguage(['de-DE'], 'xx')).toBe('en');
    expect(fill(TEXTS.es.waitSeconds, { n: 42 })).toBe('Podrás enviar tu mensaje de nuevo en 42 segundos.');
  });

  it('hears a visitor asking for a person', () => {
    for (const t of ['Can I talk to a human?', 'I want to speak to a real person', 'Quiero hablar con una persona', '我想找人工客服', 'Tôi muốn nói chuyện với nhân viên', '상담원과 통화하고 싶어요', 'أريد التحدث إلى شخص']) expect(WANTS_PERSON.test(t)).toBe(true);
    for (const t of ['How much is tuition?', 'Is housing guaranteed?', 'Do you have human biology?']) expect(WANTS_PERSON.test(t)).toBe(false);
  });
});
