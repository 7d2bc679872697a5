import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WANTS_PERSON } from '@/widget/i18n';

// Issue 48 item 6: a typed request for a person, in any of the widget's languages and with other
// words around it; the full lists and their figures are `npm run bench:person-requests`.
describe('WANTS_PERSON', () => {
  it.each([
    // English: talk to who; who first; who calling or helping the visitor; wanting one; anyone there.
    'Can I talk to a real person please?',
    'Sorry, one more thing for a person: can we schedule an interview?',
    'Can I talk to a person? I have a question about my daughter\u2019s transcript.',
    'Thanks for that. Actually, could I talk to one of your counselors about the deadlines?',
    'who can i talk to about a fee waiver',
    'Is there someone I could speak to about my financial aid package?',
    'Can a person help me with my application? The upload keeps failing.',
    "I'd rather a human answered this one.",
    'Could you put me in touch with an admissions officer?',
    'Hello? Anyone?',
    // Spanish, French, Portuguese, with and without accents.
    '¿Con quién puedo hablar sobre mi beca?',
    'Gracias. Otra cosa, ¿podria hablar con un asesor de admisiones? Tengo dudas sobre mi expediente.',
    '¿Me puede atender una persona?',
    'À qui puis-je parler de mon dossier ?',
    'Merci. Un conseiller pourrait-il me rappeler demain ?',
    'je veux parler a quelqu\u2019un svp',
    'Com quem eu posso falar sobre a bolsa?',
    'Tem como alguém entrar em contato comigo?',
    // Chinese, Vietnamese (with and without diacritics), Korean, Arabic (with and without hamza).
    '谢谢。另外，我可以和顾问通个电话吗？',
    '有没有老师可以和我谈谈奖学金？',
    'Cảm ơn. Nhân tiện, tôi có thể gặp cán bộ tuyển sinh để hỏi về hồ sơ không?',
    'toi muon noi chuyen voi nhan vien',
    '감사합니다. 그런데 장학금 관련해서 담당자분과 통화할 수 있을까요?',
    '누구와 상담할 수 있나요?',
    'شكرا. سؤال آخر: هل يمكنني التكلم مع مرشد القبول عن الوثائق؟',
    'اريد التحدث مع موظف',
    // Needs, availability, calls, fragments, typos (the third development round).
    'Would it be possible to set up a video call with an advisor?',
    'Could somebody from your team give me a call tomorrow morning?',
    'ok this isnt working. real person?',
    'can i speek to somone from admisions',
    'Necesito que alguien me explique cómo funciona la beca.',
    'Quero que me liguem da secretaria',
    "Il y a quelqu'un de disponible ?",
    'un conseiller svp',
    'Est-ce que je peux appeler quelqu\u2019un des admissions ?',
    '有没有人可以解释一下奖学金政策',
    '能不能让招生办给我打个电话？',
    'Có tư vấn viên nào đang online không?',
    'người thật',
    '상담원 계신가요?',
    '화상 상담 가능할까요?',
    'هل يوجد مستشار متاح الآن؟',
    'موظف لو سمحت',
  ])('hears a request: %s', (text) => expect(WANTS_PERSON.test(text)).toBe(true));

  it.each([
    'How much is tuition?',
    'Who is the dean of admission?',
    'Who can apply for the merit scholarship?',
    'Who do students talk to when they feel homesick?',
    'Can students speak with professors during office hours?',
    'Can someone with a GED apply?',
    'Will someone contact me about my interview date?',
    'Does a real person read my application?',
    'Do I need an agent to apply from India?',
    'Do admissions counselors visit high schools in Ohio?',
    '¿Con quién vivo en la residencia el primer año?',
    '¿Necesito un agente para aplicar?',
    'Avec qui vais-je partager ma chambre ?',
    'Os orientadores ajudam a escolher as disciplinas?',
    '学生可以和老师交流吗？',
    '你们有人工智能专业吗？',
    'Tôi nên liên hệ ai về nhà ở?',
    'Ai sẽ gọi cho tôi về buổi phỏng vấn?',
    '기숙사에서 누구와 같이 살게 되나요?',
    '상담원이 고등학교를 방문하나요?',
    'مع من سأسكن في السكن الجامعي؟',
    'من سيتصل بي بخصوص المقابلة؟',
    // Near-misses of the third round's shapes: a future ("will someone call me"), a modifier, an office's hours.
    'Alguém vai me ligar se faltar algum documento?',
    "Quelqu'un va-t-il m'appeler si mon dossier est incomplet ?",
    'Nếu thiếu giấy tờ thì có ai gọi cho tôi không?',
    'Do you need a human resources background for the MBA?',
    '面试是真人面试还是录像？',
    '我想咨询人工智能专业',
    '상담원은 주말에도 근무하나요?',
    'هل المستشارون متاحون يوم السبت؟',
    'Admissions',
  ])('lets an ordinary question through: %s', (text) => expect(WANTS_PERSON.test(text)).toBe(false));

  it('uses no lookbehind, which Safari before 16.4 cannot compile (the frame would not load there)', () => {
    expect(readFileSync('widget/person-request.ts', 'utf8')).not.toMatch(/\(\?<[=!]/);
  });
});
