import { describe, expect, it } from 'vitest';
import { WANTS_PERSON } from '@/widget/i18n';

// Issue 48 item 6: a typed request for a person, in any of the widget's languages and with other
// words around it; the full list and its figures are `npm run bench:person-requests`.
describe('WANTS_PERSON', () => {
  it.each([
    'Can I talk to a real person please?',
    'Sorry, one more thing for a person: can we schedule an interview?',
    'Can I talk to a person? I have a question about my daughter\u2019s transcript.',
    'Human please',
    'Can someone from the admissions office call me back?',
    'Please transfer me to a live agent.',
    '¿Puedo hablar con alguien de admisiones?',
    'Perdón, una cosa más para una persona: ¿podemos programar una entrevista?',
    'je voudrais parler à un conseiller',
    'Posso conversar com alguém da admissão sobre a bolsa?',
    '我想跟招生老师聊一下我的成绩单',
    'Làm ơn kết nối tôi với một người thật.',
    '입학 담당자와 이야기하고 싶습니다.',
    'وصلني بمستشار من فضلك',
  ])('hears a request: %s', (text) => expect(WANTS_PERSON.test(text)).toBe(true));

  it.each([
    'How much is tuition?',
    'Who is the dean of admission?',
    'Can my parent come to the tour?',
    'Do staff help with visas?',
    'Do admissions counselors visit high schools in Ohio?',
    'Can I talk to current students during the campus visit?',
    'Are interviews in person or online?',
    'Does the cost include meals for a person living on campus?',
    'Can someone else submit my application for me?',
    '¿Necesito hablar inglés para estudiar allí?',
    '你们有人工智能专业吗？',
    '상담원이 고등학교를 방문하나요?',
    'هل يساعد الموظفون في التأشيرات؟',
  ])('lets an ordinary question through: %s', (text) => expect(WANTS_PERSON.test(text)).toBe(false));
});
