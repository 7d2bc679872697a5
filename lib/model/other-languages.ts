import type { OtherLanguage } from '@/lib/widget/language';

// The visitor wrote in another language: the built-in model says so in it, then answers in English.
export const IN_ENGLISH: Record<OtherLanguage, string> = {
  es: 'Solo puedo responder en inglés. Esto es lo que encontré:',
  fr: "Je ne peux répondre qu'en anglais. Voici ce que j'ai trouvé :",
  pt: 'Só posso responder em inglês. Eis o que encontrei:',
  zh: '我只能用英语回答。以下是我找到的信息：',
  vi: 'Tôi chỉ có thể trả lời bằng tiếng Anh. Đây là những gì tôi tìm thấy:',
  ko: '영어로만 답변할 수 있습니다. 찾은 내용은 다음과 같습니다:',
  ar: 'يمكنني الإجابة باللغة الإنجليزية فقط. إليك ما وجدته:',
};
export const NOT_FOUND_IN_ENGLISH: Record<OtherLanguage, string> = {
  es: 'Solo puedo responder en inglés, y no tengo esa información.',
  fr: "Je ne peux répondre qu'en anglais, et je n'ai pas cette information.",
  pt: 'Só posso responder em inglês, e não tenho essa informação.',
  zh: '我只能用英语回答，而且我没有这方面的信息。',
  vi: 'Tôi chỉ có thể trả lời bằng tiếng Anh, và tôi không có thông tin đó.',
  ko: '영어로만 답변할 수 있으며, 해당 정보는 없습니다.',
  ar: 'يمكنني الإجابة باللغة الإنجليزية فقط، وليست لدي هذه المعلومات.',
};
