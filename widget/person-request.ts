// Does a typed message ask for a person? (issue 48 item 6). The frame tests every message with it
// (re-exported by ./i18n as WANTS_PERSON) and sends a request to the live chat instead of the chat.
// A request is recognised in any of the widget's languages, with other words around it ("Sorry, one
// more thing for a person: can we schedule an interview?"), while questions that only mention
// people ("Do counselors read every essay?", "Who can apply?", "你们有人工智能专业吗？",
// "상담원이 고등학교를 방문하나요?") are not. Measured by `npm run bench:person-requests`.
//
// Each language is a few shapes, each within one clause: a verb of talking or connecting, then who
// (to/with/con/à/com/với, a Korean particle, an Arabic preposition); who, then the visitor and a
// modal and a talking verb in either order ("who can I talk to", "someone I could speak with",
// ¿con quién puedo hablar?, 有没有老师可以和我谈谈); who, then calling, contacting or helping the
// visitor ("can a person help me", ¿una persona me puede llamar?, 직원분이 전화해 주실…), or
// explaining to them (necesito que alguien me explique, 有人可以解释…); a call with or from who
// ("a video call with an advisor", quiero que me llamen, 让招生办给我打电话); "anyone there?" and who
// available or online (¿hay alguien disponible?, 상담원 계신가요?, هل يوجد مستشار متاح؟); a message
// that is only who ("agent pls", người thật, موظف لو سمحت); "for a person:" before the question;
// and fixed phrases (real person, 人工, 真人…).
// The text is folded first (accents and Arabic hamza/harakat dropped, đ → d), so the Latin and
// Vietnamese shapes are written without accents and also match text typed without them.

/** Start of a word (JS's \b knows ASCII letters only); the end is `(?![\p{L}\p{N}])`. */
const P = '[^\\p{L}\\p{N}]';
const S = `(?:^|${P})`;
const E = '(?![\\p{L}\\p{N}])';
/** Up to n characters of the same sentence. */
const gap = (n: number) => `[^.?!。？！؟]{0,${n}}?`;
/**
 * The start of a message, or a word other than these: a lookbehind, which Safari lacks before 16.4
 * (the frame would not load there), so the word before is matched instead.
 */
const after = (not: string) => `(?:(?:^|[.?!,;:])${P}*|${S}(?!(?:${not})\\s)[\\p{L}']+\\s+)`;
/** Up to n characters of one sentence with no future among them (alguém vai me ligar? asks how things go). */
const gapNow = (n: number) => `(?:(?!\\s(?:va|vai|vont|van)${E})[^.?!。？！؟]){0,${n}}?`;
/** a and b in either order, within n characters of one sentence (gapNow). */
const near = (a: string, b: string, n: number) => `(?:${a}${gapNow(n)}${b}|${b}${gapNow(n)}${a})`;

// English: who a visitor asks for.
const enWho = `(?:(?:a|an|the|some|one of (?:your|the)|your|any)\\s+)?(?:(?:real|live|actual|human|admissions?|financial aid|international|transfer)\\s+){0,3}(?:person|human|some?one|some?body|anyone|anybody|agent|rep|representative|staff(?: member)?|member of (?:your |the )?staff|counsel+ors?|advis[eo]rs?|officers?|operator|recruiter|admis?sions(?: office| team)?)`;
const enStrong = `(?:(?:a|an)\\s+)?(?:(?:real|live|actual)\\s+)?(?:human|person|agent|representative|operator|someone|somebody)`;
const enTalk = '(?:talk|spe+a?k|chat)';
const please = '(?:,?\\s*(?:please|pls|plz|por favor|porfa|s\'il vous plait|s\'il te plait|svp|stp|لو سمحت|من فضلك|oi|a))?';
// Spanish, Portuguese and French share their shapes and lists (the words differ, the grammar does
// not); then Vietnamese, Chinese, Korean and Arabic.
const roWho = `(?:(?:un|una|une|um|uma|el|la|le|l'|o|a|des|algun|alguna|algum|alguma)\\s*)?(?:vraie?\\s+)?(?:persona|pessoa|personne|humano|humain|ser humano|alguien|alguem|quelqu'un|agente?|asesor\\w*|consejer\\w*|conseill\\w*|conselheir\\w*|consultor\\w*|representante|emplead\\w*|funcionari\\w*|encargad\\w*|operador\\w*|orientador\\w*|atendente|personal|responsable|responsavel|membre du personnel|chargee? d'admission|admissions?)`;
/** Wanting or needing (one, or to be called). */
const roWant = "(?:quiero|quisiera|quero|necesito|preciso de|pref[ie]r\\w*|gostaria de|veux|voudrais|aimerais|souhait\\w*|besoin d(?:e|'))";
/** Calling, attending to or helping the visitor (an infinitive or subjunctive: "me ayuda" only says what happens). */
const roCallMe = `(?:me|m'|nos|nous)\\s*(?:\\w+\\s+)?(?:atend(?:er|a)|atienda|llam(?:ar|e)|lig(?:ar|ue)|r?appeler|ayud(?:ar|e)|ajud(?:ar|e)|aider|(?:re)?conta(?:c?t(?:ar|e|er))|p[ae]ss?(?:er|ez|ar|a|e)|escrib(?:ir|a)|ecrire|re[sp]ond(?:er|a|re)|chamar|expli(?:car|que|quer))|(?:atender|llamar|ayudar|contactar|escribir)me|(?:contact\\w*|falar|hablar|parler|conversar|entrar em contato)\\s+(?:co[n]?migo|avec moi)|(?:ligar|falar|retornar)\\s+(?:pra|para)\\s+mim`;
/** Who ("ai" alone, who/anyone, only in the shapes where it is the one spoken to: liên hệ ai? asks whom to contact). */
const viWho = '(?:nguoi that|nguoi|nhan vien|tu van vien|can bo|ai do|chuyen vien|thay co)';
/** The school or its admissions office, as the one spoken to or calling the visitor. */
const viSchool = '(?:(?:phong|ben) tuyen sinh|nha truong)';
const zhWho = '(?:人(?!工智)|招生[办处]|老师|顾问|工作人员|招生官|负责人|客服|谁)';
const zhTalk = '(?:聊|谈|说|问|沟通|交流|通|电话|联系)';
const koWho = `(?:상담원|상담사|담당자|직원|사람|선생님|입학사정관|입학처|누구)(?:분|님)?`;
const arWho = '(?:شخص|موظف|انسان|بشر|بني ادم|مستشار|مسوول|احد|حد|ممثل|وكيل|مرشد|خدم[ةه] العملاء)';
/** Talking (not a past "I spoke" or a "they speak"). */
const arTalk = '(?:ال?تحدث|ال?تكلم|ا?كلم|تكلم|الحديث|تواصل)(?!ت|ون|وا)';

const SHAPES = [
  // English
  `${S}(?:talk|spe+a?k|chat|discuss|connect|transfer|put me (?:through|in touch)|reach|(?:get|be) in touch|get through|have a word|deal|(?:call|meeting|zoom) with|(?:get|be|being) (?:connected|transferred))(?:s|ing)?(?:\\s+me)?\\s+(?:(?:to|with|2|w/?)\\s*)?${enWho}${E}`,
  `${S}(?:get|need|want|prefer|request|give|rather)(?:\\s+me)?\\s+${enStrong}${E}(?!\\s+(?:resources|rights|services|(?:to|for)\\s+(?!${enTalk}|help|call|contact|answer|explain)))`,
  // Who first: "who can I talk to", "someone I could speak with", "anybody to talk to".
  `${S}(?:whom?|${enWho}(?:\\s+(?:in|at|from)\\s+(?:the\\s+)?\\w+(?:\\s+office)?)?(?:\\s+(?:that|who|whom))?)\\s+(?:(?:can|could|may|might|should|do)\\s+(?:i|we)|(?:i|we)\\s+(?:can|could|may|might|should)|to)\\s+(?:\\w+\\s+)?${enTalk}`,
  // Someone calling, contacting or helping the visitor ("will" asks how things go, not for a person).
  `${S}(?:can|could|would|may|have|get|let|ask)\\s+${enWho}${gap(30)}\\s(?:give me a (?:call|ring)|(?:call|phone|text|e-?mail|contact|reach(?: out to)?|help|get back to|(?:get|be) in touch with|message|write to|${enTalk} (?:to|with))\\s+me)${E}|${S}(?:call(?: back)?|help|a[yj]uda|aide)\\s+(?:from|de|d')\\s*(?:${enWho}|${roWho})${E}|${S}(?:${enWho}|${roWho})\\s+(?:on the|au|al|ao|por|par|pelo)\\s+(?:line|phone|tele?(?:f|ph)on[eo])${E}`,
  `${S}${enWho}\\s+(?:available|free|around|online)\\s+(?:to\\s+${enTalk}|(?:right\\s+)?now|today)${E}|${S}${enStrong}\\s*,?\\s*(?:please|pls|plz)${E}|${S}put me through${E}|${S}(?:for|to)\\s+${enStrong}\\s*(?:[:;,\\-–—!]|$)`,
  `${after('does|do|did|will|would|is|are|an?')}(?:an?\\s+)?(?:real|live|actual)\\s+(?:person|human|agent|support)${E}|${S}(?:is\\s+)?(?:anyone|anybody|someone|somebody|any humans?|any people)\\s+(?:there|here|available|around|online)${E}`,
  // A message that is only who (and please): "human", "agent pls", "un conseiller svp", "người thật",
  // "موظف لو سمحت" ("admissions" alone asks about admissions).
  `(?:^|[.!?]\\s)${P}*(?:(?:hi|hello|hey|hola|bonjour|ola)${P}+)?(?!admis\\w*${P}*$)(?:${enWho}|${roWho}|${viWho}|(?:ال)?${arWho}|${koWho})(?:\\s+(?:real|humano|humana|reelle|de verdade|tu van|from (?:the )?(?:admissions|financial aid)(?: office| team)?))?${please}${P}*$`,
  // Spanish, Portuguese, French: talking with who; who calling or helping the visitor (¿me puede
  // atender una persona?, uma pessoa pode me atender?, un conseiller pourrait-il me rappeler ?); with
  // whom to talk (¿con quién puedo hablar?, à qui puis-je parler ?); wanting one; fixed phrases.
  `${after('ya|ja|deja')}(?:habl\\w*|convers(?!ei|ou|amos)\\w*|charl\\w*|jaser|(?:m')?entretenir|platic\\w*|conta(?:c?t)\\w*|comunic\\w*|comuniqu\\w*|transf\\w*|atend\\w*|conect\\w*|fal(?:ar|o|e)|bater papo|parler?|discuter|(?:video)?(?:llam|chamad)\\w*|lig(?:ar|o|ue)|r?appel\\w*|visio\\w*|echanger|joindre|relation|p[ae]ss?(?:ar|a|e|an|en|as|er|ez)(?:-?me|-?moi)?)(?:${gap(12)}\\s(?:con|com|a|avec|au|aux|para|pra|vers))?\\s+${roWho}${E}`,
  near(`${S}${roWho}${E}`, `${S}(?:${roCallMe})${E}`, 30),
  `${S}(?:con|com|a|avec)\\s+(?:quien(?:es)?|quem|qui)\\s+(?:\\S+\\s+){0,2}(?:habl\\w*|comunic\\w*|dirigir\\w*|contact\\w*|consult\\w*|fal(?:ar|o)|convers\\w*|tratar|parler|discuter|m'adresser|echanger)${E}`,
  `(?:^|[^\\p{L}\\p{N}¿])(?:${roWant}(?:\\s*(?:a\\s+)?${roWho}${E}|\\s+(?:que|qu')\\s*(?:on\\s+)?(?:me|m')\\s*(?:llam|lig|atiend|contact|r?appel))|(?:${roWant}\\s+|d')etre\\s+r?appele)`,
  `${S}(?:${roWho}|atencion|atendimento)s?\\s+(?:human[oa]|real|reelle|de verdade)${E}|${S}(?:(?:alguien|alguem|quelqu'un)\\s*\\?|${roWho}\\s+(?:d[aeo]s?\\s+\\S+\\s+)?(?:(?:de|est|esta|es|sont|estan|fica)\\s+)?(?:ahi|ai|alli|disponible|disponivel|en linea|en ligne|online)${E})|${S}para\\s+una?\\s+(?:persona|humano)\\s*(?:[:;,\\-–—!]|$)`,
  // Chinese: a talking verb after 和/跟/找 who at the start of a clause (我想…, 可以…, 请…), not
  // after someone else (学生可以和老师交流吗?); who … 和我 聊; fixed phrases.
  `人工(?!智能)|真人(?!面)|客服|转接|有(?:人|[^。？！?!，,]{0,4}?(?:${zhWho}|${enWho})\\s*在)在?(?:吗|嘛|么|线)|有(?:没有)?${zhWho}[^。？！]{0,3}?(?:帮我|解释|回答)|帮我(?:联系|转|接|找)[^。？！]{0,8}${zhWho}|(?:想|要)(?:找|咨询|联系|问)[^。？！]{0,4}?${zhWho}`,
  `(?:^|[，,。？！?!\\s])[我们请问想要能可以麻烦直接您你好家长]{0,8}(?:(?:和|跟|与|同|找)[^。？！?!]{0,10}?${zhWho}[^。？！?!]{0,6}?${zhTalk}|(?:打电话)?(?:联系|接通|咨询)[^。？！?!]{0,6}?${zhWho})`,
  `${zhWho}[^。？！?!]{0,6}(?:(?:和|跟|与|同|给)我[^。？！?!]{0,4}(?:${zhTalk}|回)|联系我|打电话给我|回电)`,
  // Vietnamese (folded: nói chuyện → noi chuyen)
  `${after('da|tung|noi|tro')}(?:noi chuyen|tro chuyen|trao doi|ho tro|tu van|goi(?: dien| video)?|gap|ket noi|lien he|lien lac|chuyen)\\s+(?:(?:toi|minh|em|truc tiep)\\s+)?(?:(?:voi|sang|cho|den|toi|tu)\\s+)?(?:(?:mot|cac|con)\\s+)?(?:${viWho}|${viSchool}|${enWho})${E}|${S}(?:noi|tro) chuyen voi ai${E}|${S}co\\s+(?:ai|${viWho}\\s+nao)\\s+(?:(?:o|dang)\\s+)?(?:do|day|online|truc tuyen|ranh)\\s+(?:\\S+\\s+){0,3}?(?:khong|ko|k)${E}|${S}can\\s+${viWho}\\s+(?:huong dan|giup|ho tro|tu van)${E}`,
  `${S}(?:${viWho}|${viSchool}|ai co the)${gap(20)}\\s(?:(?:tu van|giup|ho tro|goi(?: lai)?|lien he|lien lac|noi chuyen|tro chuyen)\\s+(?:\\S+\\s+)?(?:(?:cho|voi)\\s+)?(?:toi|minh|em)|(?:toi|minh|em)\\s+(?:\\S+\\s+)?(?:noi chuyen|tro chuyen|hoi)|(?:ho tro|tu van|noi chuyen|gap|trao doi)\\s+truc tiep)${E}`,
  // Korean
  `${koWho}(?:과|와|이랑|랑|하고|한테|께|에게)\\s*${gap(6)}(?:통화|이야기|얘기|대화|상담|연결|채팅|말|물어|여쭤|질문|문의|하고\\s*싶)(?!\\s*했)|상담\\s*(?:을\\s*)?(?:[받하]고\\s*싶|가능할까)|(?:진짜|실제)\\s*사람\\s*(?:없|있|이[요랑]|요|[?？]|$)|사람\\s*(?:이랑|과|하고)?\\s*상담\\s*(?:되|가능|할\\s*수)`,
  `${koWho}\\s*(?:을|를|으로|로)?\\s*(?:좀\\s*)?(?:연결|바꿔|불러|전환)|${koWho}${gap(12)}(?:전화|연락)\\s*(?:을|를|좀)?\\s*(?:해|하)?\\s*(?:주[시세실]|줘|줄|드|부탁)|${koWho}\\s*(?:있|계)[어나세습신]|누가${gap(12)}(?:설명|알려|도와|안내)\\s*(?:좀\\s*)?(?:해\\s*)?주[시세실]`,
  // Arabic (folded: أريد → اريد; a preposition or the article may be joined to the word: بمستشار)
  `(?:^|[^س])(?:الاتصال|التواصل|يتصل|يتواصل|تتصل|تتواصل)\\s+(?:بي|معي)${E}`,
  `(?:${arTalk}|(?:وصلني|اوصلني|حولني|الاتصال|محادثه|محادثة|مكالم[ةه]|اريد|احتاج|اود|بدي|عايز|ابغى))${gap(12)}${arWho}|${arWho}${gap(16)}(?:${arTalk}|(?:يكلمني|مساعدتي|يساعدني))|(?:مع|الى|ل)\\s*من\\s+${gap(20)}${arTalk}|مكالم[ةه]\\s+(?:من|مع)\\s+(?:مكتب|قسم|ال)|(?:يوجد|فيه?)\\s+ا?حد(?:\\s*(?:هنا)?|(?:\\s+من\\s+\\S+)?\\s+(?:هنا|موجود|متاح)(?:\\s+\\S+)?)\\s*[؟?]|(?:يوجد|هناك|في)\\s+${arWho}\\S*(?:\\s+\\S+)?\\s+(?:متاح|موجود)`,
];

const RULE = new RegExp(SHAPES.join('|'), 'iu');

/** The text as the shapes are written: curly quotes straightened, accents and harakat dropped, đ → d. */
export const fold = (text: string) =>
  String(text)
    .replace(/[’‘`]/g, "'")
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .normalize('NFC');

/** Asking for a person, in the widget's languages: `.test(text)` as a RegExp's. */
export const WANTS_PERSON = {
  test: (text: string): boolean => RULE.test(fold(text)),
};
