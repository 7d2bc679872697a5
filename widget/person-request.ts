// Does a typed message ask for a person? (issue 48 item 6). The frame tests every message with it
// (re-exported by ./i18n as WANTS_PERSON) and sends a request to the live chat instead of the chat.
// A request is recognised in any of the widget's languages, with other words around it ("Sorry, one
// more thing for a person: can we schedule an interview?"), while questions that only mention
// people ("Do counselors read every essay?", "你们有人工智能专业吗？", "상담원이 고등학교를 방문하나요?")
// are not. Measured by `npm run bench:person-requests` (bench/person-requests-data.ts).
//
// Each language is a few shapes: a verb of talking or connecting followed by who (to/with/con/à/com/
// với, or a Korean particle, or an Arabic preposition); someone who can call/contact the visitor;
// "for a person:" before the actual question; and the fixed phrases (real person, 人工, 真人…).

/** Start of a word (JS's \b knows ASCII letters only); the end is `(?![\p{L}\p{N}])`. */
const S = '(?:^|[^\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
/** Up to a few words of the same sentence. */
const gap = (n: number) => `[^.?!。？！؟]{0,${n}}?`;
const any = (...words: string[]) => `(?:${words.join('|')})`;

// English: who a visitor asks for.
const enWho = `(?:(?:a|an|the|some|one of (?:your|the)|your|any)\\s+)?(?:(?:real|live|actual|human|admissions?)\\s+)*${any('person', 'human', 'someone', 'somebody', 'anyone', 'anybody', 'agent', 'rep', 'representative', 'staff(?: member)?', 'member of (?:your |the )?staff', 'counsel+ors?', 'advis[eo]rs?', 'officers?', 'operator', 'recruiter', 'admissions(?: office| team)?')}`;
const enStrong = `(?:(?:a|an)\\s+)?(?:(?:real|live|actual)\\s+)?${any('human', 'person', 'agent', 'representative', 'operator')}`;
const please = '(?:,?\\s*(?:please|pls|plz|por favor|s\'il vous pla[iî]t|s\'il te pla[iî]t|svp|stp|por favor))?';

const SHAPES = [
  // English
  `${S}${any('talk', 'speak', 'chat', 'discuss', 'connect', 'transfer', 'put me through', 'reach', 'get in touch', 'be in touch', 'get through', 'have a word', 'deal')}(?:s|ed|ing)?(?:\\s+me)?\\s+(?:(?:to|with)\\s+)?${enWho}${E}`,
  `${S}${any('get', 'need', 'want', 'prefer', 'request', 'give')}(?:\\s+me)?\\s+${enStrong}${E}`,
  `${S}${enWho}\\s+(?:(?:that|who)\\s+)?(?:i|we)\\s+(?:can|could|may|might)\\s+${any('talk', 'speak', 'chat')}`,
  `${S}${any('can', 'could', 'would', 'will', 'may')}\\s+${enWho}(?:\\s+(?:from|in|at|of)\\s+${gap(30)})?\\s+(?:please\\s+)?${any('call', 'phone', 'ring', 'text', 'e-?mail', 'contact', 'reach', 'help', 'get back to', 'reach out to', 'message', 'write to')}\\s+me${E}`,
  `${S}${enWho}\\s+(?:available|free|around|online)\\s+(?:to\\s+${any('talk', 'chat', 'speak')}|(?:right\\s+)?now|today)${E}|${S}${enStrong}\\s*,?\\s*(?:please|pls|plz)${E}`,
  // Not the assistant: 'a person, not a bot', 'rather than a bot', 'pas un robot', 'no un bot', 'وليس روبوت'.
  `${S}${any('not', 'no', 'rather than', 'instead of', 'pas', 'não', 'nao', 'en vez de', 'en lugar de', "plutôt qu'")}\\s*(?:(?:a|an|the|this|un|una|um|uma|le|el|o)\\s+)?${any('bot', 'robot', 'robô', 'chatbot', 'machine', 'máquina')}${E}|(?:وليس|لا|بدلا من|بدلاً من|بدل)\\s*(?:ال)?روبوت`,
  `${S}(?:for|to)\\s+${enStrong}\\s*(?:[:;,\\-–—!]|$)`,
  `${S}${any('real', 'live', 'actual')}\\s+${any('person', 'human', 'agent', 'people')}${E}|${S}human being`,
  `${S}(?:is\\s+)?${any('anyone', 'anybody', 'someone', 'somebody')}\\s+${any('there', 'here', 'available', 'around', 'online')}${E}`,
  // A message that is only "human", "agent", "un humain", "una persona real"… (and please).
  `^\\W*(?:(?:a|an|un|une|una|uma|um)\\s+)?(?:(?:real|live|actual|vraie?)\\s+)?${any('human', 'person', 'agent', 'operator', 'representative', 'rep', 'humain', 'personne', 'humano', 'persona', 'pessoa', 'atendente')}(?:\\s+${any('real', 'humano', 'humana', 'réelle')})?${please}\\W*$`,
  // Spanish
  `${S}${any('hablar', 'hablo', 'habla', 'comunicar(?:me|nos)?', 'comunica(?:me|nos)', 'conversar', 'charlar', 'platicar', 'contactar(?:me)?', 'p[aá]s(?:ar|a|e)(?:me)?', 'transferir(?:me)?', 'atender(?:me)?')}${gap(12)}\\s(?:con|a)\\s+(?:(?:un|una|el|la|alg[uú]n|alguna)\\s+)?${any('persona', 'humano', 'ser humano', 'alguien', 'agente', 'asesora?', 'consejer[oa]', 'representante', 'emplead[oa]', 'encargad[oa]', 'operadora?', 'orientadora?', 'personal')}${E}`,
  `${S}${any('quiero', 'necesito', 'prefiero', 'quisiera')}\\s+(?:hablar\\s+)?(?:un|una|a)\\s+${any('persona', 'humano', 'agente', 'asesora?', 'consejer[oa]', 'representante')}${E}`,
  `${S}(?:me|nos)\\s+${any('llame', 'llamen', 'contacte', 'contacten', 'escriba', 'atienda', 'atiendan')}\\s+(?:un|una|alguien)${E}|${S}alguien\\s+(?:me\\s+)?${any('puede', 'podría', 'podria', 'pueda')}\\s+(?:me\\s+)?${any('llamar', 'contactar', 'atender', 'ayudar', 'escribir')}`,
  `${S}${any('persona real', 'persona de verdad', 'ser humano')}${E}|${S}para\\s+una?\\s+${any('persona', 'humano')}\\s*(?:[:;,\\-–—!]|$)`,
  // French
  `${S}${any('parler', 'parle', 'discuter', 'échanger', 'joindre', 'contacter', 'mettre en contact', 'mettre en relation', 'passer', 'passez-moi', 'transférer')}${gap(12)}\\s(?:(?:à|a|avec|au|aux)\\s+)?(?:(?:un|une|le|la|l'|des)\\s*)?(?:vraie?\\s+)?${any("quelqu'un", 'personne', 'humain', 'conseill[eè]re?s?', 'agent', 'membre du personnel', 'responsable', "chargée? d'admission", 'admissions?')}${E}`,
  `${S}${any('veux', 'voudrais', 'aimerais', 'préfère', 'préférerais')}\\s+(?:un|une)\\s+(?:vraie?\\s+)?${any('conseill[eè]re?', 'humain', 'personne', 'agent')}${E}`,
  `${S}${any('vraie personne', 'personne réelle', 'être humain')}${E}|${S}${any("quelqu'un", 'un humain', 'un conseiller', 'une conseillère')}\\s+(?:peut|pourrait)\\s+m'${any('appeler', 'rappeler', 'contacter', 'écrire', 'aider')}`,
  // Portuguese
  `${S}${any('falar', 'conversar', 'bater papo', 'contatar', 'contactar', 'passa(?:r)?', 'transferir', 'atender')}${gap(12)}\\s(?:com|para|a|pra)\\s+(?:(?:um|uma|o|a|algum|alguma)\\s+)?${any('pessoa', 'humano', 'ser humano', 'algu[eé]m', 'atendente', 'consultora?', 'conselheir[oa]', 'agente', 'funcion[aá]ri[oa]', 'representante', 'orientadora?')}${E}`,
  `${S}${any('pessoa real', 'pessoa de verdade', 'ser humano')}${E}|${S}${any('atendente', 'agente', 'operador', 'consultor', 'pessoa', 'persona')}s?\\s+${any('humano', 'humana', 'real')}${E}`,
  `${S}${any('quero', 'preciso de', 'prefiro', 'gostaria de')}\\s+(?:um|uma)\\s+${any('pessoa', 'humano', 'atendente', 'consultora?', 'representante')}${E}|${S}algu[eé]m\\s+(?:me\\s+)?${any('pode', 'poderia', 'consegue')}\\s+(?:me\\s+)?${any('ligar', 'contatar', 'atender', 'ajudar', 'chamar', 'responder')}`,
  // Chinese
  `人工(?!智能)|真人|客服|转接`,
  `(?:找|和|跟|与|同)(?:一?个)?${any('人', '老师', '顾问', '工作人员', '招生官', '招生老师', '招生顾问', '负责人')}${gap(6)}${any('聊', '谈', '说话', '沟通', '交流')}`,
  `${any('人', '老师', '顾问', '工作人员', '招生官')}${gap(4)}${any('联系我', '给我打电话', '打电话给我', '回电')}`,
  // Vietnamese
  `${S}${any('nói chuyện', 'trò chuyện', 'gặp', 'kết nối', 'liên hệ', 'liên lạc', 'chuyển')}\\s+(?:(?:tôi|mình|em)\\s+)?(?:(?:với|sang|cho)\\s+)?(?:(?:một|các)\\s+)?${any('người thật', 'người', 'nhân viên', 'tư vấn viên', 'cán bộ', 'ai đó', 'ai', 'chuyên viên')}${E}|${S}người thật${E}`,
  `${S}${any('nhân viên', 'người', 'tư vấn viên', 'ai')}${gap(16)}(?:hỗ trợ|tư vấn|nói chuyện)\\s+trực tiếp${E}`,
  // Korean
  `${any('상담원', '상담사', '담당자', '직원', '사람', '선생님', '입학사정관')}(?:분)?(?:과|와|이랑|랑|하고|한테|께|에게)\\s*${gap(6)}${any('통화', '이야기', '얘기', '대화', '상담', '연결', '채팅', '말')}`,
  `${any('상담원', '상담사', '담당자', '직원')}(?:분)?\\s*(?:을|를)?\\s*연결|${any('사람', '상담원', '상담사', '직원')}(?:으로|로)\\s*${any('바꿔', '연결', '전환')}`,
  // Arabic (a preposition or the article may be joined to the word: بمستشار)
  `${S}${any('أريد', 'اريد', 'أحتاج', 'احتاج', 'أود', 'بدي', 'عايز')}\\s+${any('موظف', 'شخص', 'إنسان', 'انسان', 'مستشار', 'مسؤول')}|${any('الاتصال', 'التواصل', 'يتصل', 'يتواصل', 'تتصل', 'تتواصل')}\\s+(?:بي|معي)${E}`,
  `${S}${any('التحدث', 'اتحدث', 'أتحدث', 'التكلم', 'اتكلم', 'أتكلم', 'الحديث', 'أكلم', 'اكلم', 'كلم', 'تكلم', 'التواصل', 'أتواصل', 'اتواصل', 'تواصل', 'وصلني', 'أوصلني', 'اوصلني', 'حولني', 'الاتصال', 'محادثة')}${gap(10)}${any('شخص', 'موظف', 'إنسان', 'انسان', 'بشر', 'مستشار', 'مسؤول', 'أحد', 'احد', 'حد', 'ممثل', 'وكيل', 'مرشد')}`,
];

const RULE = new RegExp(SHAPES.join('|'), 'iu');

/** Asking for a person, in the widget's languages: `.test(text)` as a RegExp's. */
export const WANTS_PERSON = {
  test: (text: string): boolean => RULE.test(String(text).replace(/[’‘`]/g, "'")),
};
