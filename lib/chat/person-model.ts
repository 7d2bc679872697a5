// The server's half of recognising a request for a person (issue 48 item 6). The frame's rule
// (widget/person-request.ts) is a set of shapes that must stay small; what it misses reaches the
// chat, where this model reads the message again: a logistic regression over character 3–5-grams,
// words, word pairs and a few word classes (who, contacting, me, asking, the bot, a question word),
// trained by `npm run train:person-model` on the development phrasings in bench/ and stored as
// ./person-model-weights.json. A message is a request when either says so (`wantsPerson`).
// Measured, with the frame's rule alone beside it, by `npm run bench:person-requests`.
import { fold, WANTS_PERSON } from '@/widget/person-request';
import stored from './person-model-weights.json';

/** The feature space: features are hashed into this many weights. */
export const FEATURE_SPACE = 1 << 20;
/** The probability above which a message is taken for a request. */
export const PERSON_THRESHOLD = 0.7;
/** A word class feature's value (the n-grams share a unit length between them). */
const CLASS_VALUE = 0.1;

// Word classes, in the widget's eight languages (folded text: no accents, lower case). They let one
// example teach the model about the words of its class it has not seen ("an advisor" from "a counselor").
const CLASSES: [string, RegExp][] = [
  ['who', /\b(?:person|people|humans?|some(?:one|body)|any(?:one|body)|staff|counsel+or|advis[eo]r|agent|reps?|representative|officer|operator|recruiter|team|office|department|dean|persona|alguien|humano|asesor|consejer|representante|encargad|responsable|oficina|personal|emplead|orientador|pessoa|alguem|conselheir|consultor|atendente|funcionari|setor|personne|quelqu'un|humain|conseill|bureau|service|equipe|nguoi|nhan vien|tu van vien|can bo|ai do|thay co|phong|chuyen vien)\b|人(?!工智)|老师|顾问|工作人员|招生[办处官]|客服|负责|办公室|真人|人工|상담원|상담사|담당자|직원|사람|선생님|입학처|입학사정관|분|شخص|موظف|انسان|بشر|مستشار|مسوول|احد|حد|ممثل|مكتب|قسم|مرشد/u],
  ['contact', /\b(?:talk|speak|chat|calls?|phone|ring|e-?mail|text|contact|reach|connect|transfer|callback|meet(?:ing)?|appointment|discuss|touch|zoom|video|habl|llam|comunic|conect|pas[ae]|atend|escrib|correo|cita|reunion|falar|liga|chamad|conversar|parler|appel|rappel|courriel|joindre|contacter|rendez-vous|discuter|noi chuyen|goi|lien he|lien lac|gap|trao doi|ket noi|hen)\b|聊|谈|说话|沟通|交流|电话|联系|回电|邮件|转接|接通|面谈|预约|통화|이야기|얘기|대화|상담|연결|채팅|전화|연락|이메일|예약|만나|تحدث|تكلم|كلم|تواصل|اتصال|اتصل|مكالم|محادث|بريد|موعد/u],
  ['me', /\b(?:me|my|i|we|us|mi|conmigo|nos|moi|m'|mim|comigo|nous|toi|em|minh)\b|我|저|제|저희|나|معي|لي|بي/u],
  ['ask', /\b(?:please|pls|plz|can|could|would|may|want|need|like|possible|por favor|puede|podria|quiero|necesito|quisiera|gustaria|pode|poderia|quero|preciso|s'il|svp|stp|pourriez|pouvez|peux|veux|voudrais|aimerais|besoin|lam on|duoc khong|duoc k|nho|xin|muon)\b|吗|可以|能不能|能否|请|麻烦|想|要|부탁|주세요|주실|가능|싶|ممكن|اريد|لو سمحت|من فضلك|احتاج|بدي|عايز|ابغى/u],
  ['bot', /\b(?:bot|robot|chatbot|machine|maquina|automat|ai|ia|may)\b|机器人|인공지능|챗봇|봇|روبوت|بوت|الي/u],
  ['question', /\b(?:who|what|when|where|how|which|do|does|is|are|quien|que|cuando|donde|como|cual|qui|quoi|quand|ou|comment|quel|quem|quando|onde|qual|ai la|khi nao|o dau|nhu the nao)\b|什么|几|哪|怎么|多少|누구|언제|어디|어떻게|무엇|몇|ما|من هو|متى|اين|كيف|هل/u],
];

/** FNV-1a of a feature's name, into the feature space. */
function slot(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return (h >>> 0) % FEATURE_SPACE;
}

/** A message's features: slot → value (n-grams, words and word pairs share unit length; classes and their pairs and triples). */
export function featuresOf(text: string): Map<number, number> {
  const t = ' ' + fold(text).toLowerCase().replace(/[^\p{L}\p{N}'?？؟]+/gu, ' ').trim() + ' ';
  const names = new Set<string>();
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= t.length; i++) names.add('c' + t.slice(i, i + n));
  const words = t.match(/[\p{L}\p{N}']+/gu) ?? [];
  words.forEach((w, i) => {
    names.add('w' + w);
    if (i) names.add('b' + words[i - 1] + ' ' + w);
  });
  const features = new Map<number, number>();
  const unit = 1 / Math.sqrt(names.size || 1);
  for (const name of names) features.set(slot(name), unit);
  const on = CLASSES.filter(([, re]) => re.test(t)).map(([name]) => name);
  on.forEach((a, i) => {
    features.set(slot('L' + a), CLASS_VALUE);
    on.slice(i + 1).forEach((b, j) => {
      features.set(slot('L' + a + b), CLASS_VALUE);
      for (const c of on.slice(i + j + 2)) features.set(slot('L' + a + b + c), CLASS_VALUE);
    });
  });
  return features;
}

export type PersonModel = { bias: number; weights: Record<string, number> };

/** The probability that a message asks for a person, under a model's weights. */
export function personScore(text: string, model: PersonModel = stored as PersonModel): number {
  let z = model.bias;
  for (const [at, value] of featuresOf(text)) z += (model.weights[at] ?? 0) * value;
  return 1 / (1 + Math.exp(-z));
}

/** Does a message ask for a person? The frame's rule, else the model. */
export function wantsPerson(text: string): boolean {
  return WANTS_PERSON.test(text) || personScore(text) > PERSON_THRESHOLD;
}
