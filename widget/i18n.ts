// The widget's own texts in its languages. Bundled with the chat frame only (never the
// loader, which every page view downloads). English texts are the product's own wording, the one definition of each text a visitor reads (the server's failure text included); the frame picks
// the visitor's browser language when it has it, else the school's default from the Styling tab.

import { LANGUAGES as WIDGET_LANGUAGES, type LanguageCode as WidgetLanguage } from '@/lib/widget/language';

export { WIDGET_LANGUAGES, type WidgetLanguage };

export type Texts = {
  /** Greeting when the school has none of its own: {name} the assistant, {school} the school. */
  greeting: string;
  /** Greeting when the school's name is not known (persona information unavailable). */
  hello: string;
  chatWith: string;
  chatWithUs: string;
  chat: string;
  placeholder: string;
  messageLabel: string;
  send: string;
  close: string;
  conversation: string;
  typing: string;
  you: string;
  assistant: string;
  rate: string;
  helpful: string;
  /** Before the links to the pages an answer came from. */
  sources: string;
  notHelpful: string;
  failure: string;
  empty: string;
  tooMany: string;
  /** {n} seconds. */
  waitSeconds: string;
  quickInfo: string;
  submit: string;
  notNow: string;
  commas: string;
  thanks: string;
  provide: string;
  checkField: string;
  talk: string;
  offer: string;
  handoffIntro: string;
  reach: string;
  name: string;
  email: string;
  phone: string;
  question: string;
  handoffSend: string;
  needName: string;
  needContact: string;
  needQuestion: string;
  handoffDone: string;
  /** Live chat: the visitor waits for a person. */
  connecting: string;
  /** {name}: the staff member's first name. */
  joined: string;
  returned: string;
  missed: string;
  /** Outside office hours: when someone is next there ({when}: a weekday and time on the school's clock). */
  nextOpen: string;
  dropped: string;
  /** After a staff member's name. */
  staff: string;
  /** The person is writing ({name}: their first name), said for the typing dots. */
  personTyping: string;
  /** Under the header during office hours: {time} how long the school's people usually take ("3 minutes", in the visitor's language). */
  replies: string;
  /** Said by screen readers on the school's page when a person writes while the chat is closed: {name} their first name. */
  newMessage: string;
};

const en: Texts = {
  greeting: "Hi! I'm {name}, the admissions assistant for {school}. How can I help you today?",
  hello: "Hi! How can I help you today?",
  chatWith: 'Chat with {name}',
  chatWithUs: 'Chat with us',
  chat: 'Chat',
  placeholder: 'Type your message…',
  messageLabel: 'Type your message',
  send: 'Send',
  close: 'Close chat',
  conversation: 'Conversation',
  typing: 'Assistant is typing',
  you: 'You',
  assistant: 'Assistant',
  rate: 'Rate this answer',
  helpful: 'Helpful',
  sources: 'Sources',
  notHelpful: 'Not helpful',
  failure: "Sorry, I'm having trouble connecting right now. Please try again later.",
  empty: 'Sorry, I could not process your request.',
  tooMany: 'Too many messages.',
  waitSeconds: 'You can send your message again in {n} seconds.',
  quickInfo: 'Quick info',
  submit: 'Submit',
  notNow: 'Not now',
  commas: 'Separate several with commas',
  thanks: 'Thanks! An admissions counsellor will be in touch.',
  provide: 'Please provide:',
  checkField: 'Please check this field.',
  talk: 'Talk to a person',
  offer: 'I could not answer that. Would you like to talk to a person from the admissions office?',
  handoffIntro: 'Leave your name, how to reach you and your question, and the admissions office will get back to you.',
  reach: 'Or reach the admissions office directly:',
  name: 'Your name',
  email: 'E-mail',
  phone: 'Phone',
  question: 'Your question',
  handoffSend: 'Send to the admissions office',
  needName: 'Please enter your name.',
  needContact: 'Please enter an e-mail address or a phone number.',
  needQuestion: 'Please enter your question.',
  handoffDone: 'Thank you! The admissions office has your question and will get back to you soon.',
  connecting: "Connecting you with someone from the admissions team…",
  joined: "{name} from the admissions team joined the chat.",
  returned: "You're chatting with the assistant again.",
  missed: "Nobody is free to chat right now. Leave your details and the admissions office will get back to you.",
  nextOpen: "The admissions team is here again {when}. Leave your details and they will get back to you.",
  dropped: "The connection to the admissions team was lost. Waiting for someone to take over…",
  staff: "staff",
  personTyping: "{name} is typing",
  replies: "The admissions team usually replies within {time}",
  newMessage: "New message from {name}",
};

export const TEXTS: Record<WidgetLanguage, Texts> = {
  en,
  es: {
    greeting: '¡Hola! Soy {name}, el asistente de admisiones de {school}. ¿En qué puedo ayudarte hoy?',
    hello: '¡Hola! ¿En qué puedo ayudarte hoy?',
    chatWith: 'Chatea con {name}',
    chatWithUs: 'Chatea con nosotros',
    chat: 'Chat',
    placeholder: 'Escribe tu mensaje…',
    messageLabel: 'Escribe tu mensaje',
    send: 'Enviar',
    close: 'Cerrar el chat',
    conversation: 'Conversación',
    typing: 'El asistente está escribiendo',
    you: 'Tú',
    assistant: 'Asistente',
    rate: 'Califica esta respuesta',
    helpful: 'Útil',
    sources: 'Fuentes',
    notHelpful: 'No es útil',
    failure: 'Lo siento, tengo problemas de conexión en este momento. Inténtalo de nuevo más tarde.',
    empty: 'Lo siento, no pude procesar tu solicitud.',
    tooMany: 'Demasiados mensajes.',
    waitSeconds: 'Podrás enviar tu mensaje de nuevo en {n} segundos.',
    quickInfo: 'Datos rápidos',
    submit: 'Enviar',
    notNow: 'Ahora no',
    commas: 'Separa varios con comas',
    thanks: '¡Gracias! Un consejero de admisiones se pondrá en contacto contigo.',
    provide: 'Indica:',
    checkField: 'Revisa este campo.',
    talk: 'Hablar con una persona',
    offer: 'No pude responder a eso. ¿Quieres hablar con una persona de la oficina de admisiones?',
    handoffIntro: 'Deja tu nombre, cómo contactarte y tu pregunta, y la oficina de admisiones te responderá.',
    reach: 'O contacta directamente con la oficina de admisiones:',
    name: 'Tu nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    question: 'Tu pregunta',
    handoffSend: 'Enviar a la oficina de admisiones',
    needName: 'Escribe tu nombre.',
    needContact: 'Escribe un correo electrónico o un número de teléfono.',
    needQuestion: 'Escribe tu pregunta.',
    handoffDone: '¡Gracias! La oficina de admisiones recibió tu pregunta y te responderá pronto.',
    connecting: "Te estamos conectando con alguien del equipo de admisiones…",
    joined: "{name}, del equipo de admisiones, se unió al chat.",
    returned: "Estás hablando de nuevo con el asistente.",
    missed: "Ahora no hay nadie disponible para chatear. Deja tus datos y la oficina de admisiones te responderá.",
    nextOpen: "El equipo de admisiones vuelve a estar disponible {when}. Deja tus datos y te responderán.",
    dropped: "Se perdió la conexión con el equipo de admisiones. Esperando a que alguien continúe…",
    staff: "personal",
    personTyping: "{name} está escribiendo",
    replies: "El equipo de admisiones suele responder en {time}",
    newMessage: "Nuevo mensaje de {name}",
  },
  fr: {
    greeting: "Bonjour ! Je suis {name}, l'assistant des admissions de {school}. Comment puis-je vous aider aujourd'hui ?",
    hello: "Bonjour ! Comment puis-je vous aider aujourd'hui ?",
    chatWith: 'Discuter avec {name}',
    chatWithUs: 'Discutez avec nous',
    chat: 'Chat',
    placeholder: 'Écrivez votre message…',
    messageLabel: 'Écrivez votre message',
    send: 'Envoyer',
    close: 'Fermer le chat',
    conversation: 'Conversation',
    typing: "L'assistant écrit",
    you: 'Vous',
    assistant: 'Assistant',
    rate: 'Évaluer cette réponse',
    helpful: 'Utile',
    sources: 'Sources',
    notHelpful: 'Pas utile',
    failure: 'Désolé, la connexion pose problème pour le moment. Veuillez réessayer plus tard.',
    empty: "Désolé, je n'ai pas pu traiter votre demande.",
    tooMany: 'Trop de messages.',
    waitSeconds: 'Vous pourrez renvoyer votre message dans {n} secondes.',
    quickInfo: 'Vos coordonnées',
    submit: 'Envoyer',
    notNow: 'Pas maintenant',
    commas: 'Séparez-les par des virgules',
    thanks: 'Merci ! Un conseiller des admissions vous contactera.',
    provide: 'Veuillez indiquer :',
    checkField: 'Veuillez vérifier ce champ.',
    talk: 'Parler à une personne',
    offer: "Je n'ai pas pu répondre. Voulez-vous parler à une personne du bureau des admissions ?",
    handoffIntro: 'Laissez votre nom, un moyen de vous joindre et votre question : le bureau des admissions vous répondra.',
    reach: 'Ou contactez directement le bureau des admissions :',
    name: 'Votre nom',
    email: 'E-mail',
    phone: 'Téléphone',
    question: 'Votre question',
    handoffSend: 'Envoyer au bureau des admissions',
    needName: 'Veuillez indiquer votre nom.',
    needContact: 'Veuillez indiquer une adresse e-mail ou un numéro de téléphone.',
    needQuestion: 'Veuillez écrire votre question.',
    handoffDone: 'Merci ! Le bureau des admissions a reçu votre question et vous répondra bientôt.',
    connecting: "Nous vous mettons en relation avec une personne du service des admissions…",
    joined: "{name}, du service des admissions, a rejoint la conversation.",
    returned: "Vous discutez de nouveau avec l'assistant.",
    missed: "Personne n'est disponible pour le moment. Laissez vos coordonnées et le bureau des admissions vous répondra.",
    nextOpen: "L'équipe des admissions est de nouveau là {when}. Laissez vos coordonnées et elle vous répondra.",
    dropped: "La connexion avec le service des admissions a été perdue. En attente d'une autre personne…",
    staff: "équipe",
    personTyping: "{name} est en train d'écrire",
    replies: "L'équipe des admissions répond généralement en {time}",
    newMessage: "Nouveau message de {name}",
  },
  pt: {
    greeting: 'Olá! Sou {name}, o assistente de admissões de {school}. Como posso ajudar hoje?',
    hello: 'Olá! Como posso ajudar hoje?',
    chatWith: 'Converse com {name}',
    chatWithUs: 'Converse conosco',
    chat: 'Chat',
    placeholder: 'Digite sua mensagem…',
    messageLabel: 'Digite sua mensagem',
    send: 'Enviar',
    close: 'Fechar o chat',
    conversation: 'Conversa',
    typing: 'O assistente está digitando',
    you: 'Você',
    assistant: 'Assistente',
    rate: 'Avalie esta resposta',
    helpful: 'Útil',
    sources: 'Fontes',
    notHelpful: 'Não foi útil',
    failure: 'Desculpe, estou com problemas de conexão agora. Tente novamente mais tarde.',
    empty: 'Desculpe, não consegui processar sua solicitação.',
    tooMany: 'Mensagens demais.',
    waitSeconds: 'Você poderá enviar sua mensagem novamente em {n} segundos.',
    quickInfo: 'Seus dados',
    submit: 'Enviar',
    notNow: 'Agora não',
    commas: 'Separe vários com vírgulas',
    thanks: 'Obrigado! Um consultor de admissões entrará em contato.',
    provide: 'Informe:',
    checkField: 'Verifique este campo.',
    talk: 'Falar com uma pessoa',
    offer: 'Não consegui responder. Quer falar com uma pessoa do escritório de admissões?',
    handoffIntro: 'Deixe seu nome, como falar com você e sua pergunta, e o escritório de admissões responderá.',
    reach: 'Ou fale diretamente com o escritório de admissões:',
    name: 'Seu nome',
    email: 'E-mail',
    phone: 'Telefone',
    question: 'Sua pergunta',
    handoffSend: 'Enviar ao escritório de admissões',
    needName: 'Informe seu nome.',
    needContact: 'Informe um e-mail ou um número de telefone.',
    needQuestion: 'Escreva sua pergunta.',
    handoffDone: 'Obrigado! O escritório de admissões recebeu sua pergunta e responderá em breve.',
    connecting: "Estamos conectando você com alguém da equipe de admissões…",
    joined: "{name}, da equipe de admissões, entrou no chat.",
    returned: "Você está conversando com o assistente novamente.",
    missed: "Ninguém está disponível agora. Deixe seus dados e o escritório de admissões responderá.",
    nextOpen: "A equipe de admissões volta a estar disponível {when}. Deixe seus dados e ela responderá.",
    dropped: "A conexão com a equipe de admissões caiu. Aguardando alguém continuar…",
    staff: "equipe",
    personTyping: "{name} está digitando",
    replies: "A equipe de admissões costuma responder em {time}",
    newMessage: "Nova mensagem de {name}",
  },
  zh: {
    greeting: '您好！我是{name}，{school}的招生助理。今天有什么可以帮您？',
    hello: '您好！今天有什么可以帮您？',
    chatWith: '与{name}聊天',
    chatWithUs: '与我们聊天',
    chat: '聊天',
    placeholder: '输入您的消息…',
    messageLabel: '输入您的消息',
    send: '发送',
    close: '关闭聊天',
    conversation: '对话',
    typing: '助理正在输入',
    you: '您',
    assistant: '助理',
    rate: '评价此回答',
    helpful: '有帮助',
    sources: '来源',
    notHelpful: '没有帮助',
    failure: '抱歉，目前连接出现问题。请稍后再试。',
    empty: '抱歉，无法处理您的请求。',
    tooMany: '消息太多。',
    waitSeconds: '您可以在 {n} 秒后再次发送消息。',
    quickInfo: '快速信息',
    submit: '提交',
    notNow: '以后再说',
    commas: '多个请用逗号分隔',
    thanks: '谢谢！招生顾问会与您联系。',
    provide: '请提供：',
    checkField: '请检查此栏。',
    talk: '联系真人',
    offer: '我无法回答这个问题。您想联系招生办公室的工作人员吗？',
    handoffIntro: '请留下您的姓名、联系方式和问题，招生办公室会回复您。',
    reach: '或直接联系招生办公室：',
    name: '您的姓名',
    email: '电子邮件',
    phone: '电话',
    question: '您的问题',
    handoffSend: '发送给招生办公室',
    needName: '请输入您的姓名。',
    needContact: '请输入电子邮件地址或电话号码。',
    needQuestion: '请输入您的问题。',
    handoffDone: '谢谢！招生办公室已收到您的问题，会尽快回复您。',
    connecting: "正在为您联系招生团队的工作人员…",
    joined: "招生团队的 {name} 已加入聊天。",
    returned: "您现在再次与助手聊天。",
    missed: "目前没有工作人员可以聊天。请留下您的联系方式，招生办公室会尽快回复您。",
    nextOpen: "招生团队将于{when}恢复在线。请留下您的联系方式，他们会回复您。",
    dropped: "与招生团队的连接已中断。正在等待其他工作人员接手…",
    staff: "工作人员",
    personTyping: "{name} 正在输入",
    replies: "招生团队通常在{time}内回复",
    newMessage: "{name} 发来新消息",
  },
  vi: {
    greeting: 'Xin chào! Tôi là {name}, trợ lý tuyển sinh của {school}. Tôi có thể giúp gì cho bạn hôm nay?',
    hello: 'Xin chào! Tôi có thể giúp gì cho bạn hôm nay?',
    chatWith: 'Trò chuyện với {name}',
    chatWithUs: 'Trò chuyện với chúng tôi',
    chat: 'Trò chuyện',
    placeholder: 'Nhập tin nhắn của bạn…',
    messageLabel: 'Nhập tin nhắn của bạn',
    send: 'Gửi',
    close: 'Đóng cửa sổ trò chuyện',
    conversation: 'Cuộc trò chuyện',
    typing: 'Trợ lý đang nhập',
    you: 'Bạn',
    assistant: 'Trợ lý',
    rate: 'Đánh giá câu trả lời này',
    helpful: 'Hữu ích',
    sources: 'Nguồn',
    notHelpful: 'Không hữu ích',
    failure: 'Xin lỗi, hiện tôi đang gặp sự cố kết nối. Vui lòng thử lại sau.',
    empty: 'Xin lỗi, tôi không thể xử lý yêu cầu của bạn.',
    tooMany: 'Quá nhiều tin nhắn.',
    waitSeconds: 'Bạn có thể gửi lại tin nhắn sau {n} giây.',
    quickInfo: 'Thông tin nhanh',
    submit: 'Gửi',
    notNow: 'Để sau',
    commas: 'Phân tách bằng dấu phẩy',
    thanks: 'Cảm ơn bạn! Một chuyên viên tuyển sinh sẽ liên hệ với bạn.',
    provide: 'Vui lòng cung cấp:',
    checkField: 'Vui lòng kiểm tra mục này.',
    talk: 'Nói chuyện với nhân viên',
    offer: 'Tôi không thể trả lời câu hỏi đó. Bạn có muốn nói chuyện với nhân viên phòng tuyển sinh không?',
    handoffIntro: 'Hãy để lại tên, cách liên lạc và câu hỏi của bạn, phòng tuyển sinh sẽ trả lời bạn.',
    reach: 'Hoặc liên hệ trực tiếp với phòng tuyển sinh:',
    name: 'Tên của bạn',
    email: 'Email',
    phone: 'Điện thoại',
    question: 'Câu hỏi của bạn',
    handoffSend: 'Gửi đến phòng tuyển sinh',
    needName: 'Vui lòng nhập tên của bạn.',
    needContact: 'Vui lòng nhập email hoặc số điện thoại.',
    needQuestion: 'Vui lòng nhập câu hỏi của bạn.',
    handoffDone: 'Cảm ơn bạn! Phòng tuyển sinh đã nhận câu hỏi và sẽ sớm trả lời bạn.',
    connecting: "Đang kết nối bạn với một người trong nhóm tuyển sinh…",
    joined: "{name} từ nhóm tuyển sinh đã tham gia trò chuyện.",
    returned: "Bạn đang trò chuyện lại với trợ lý.",
    missed: "Hiện không có ai rảnh để trò chuyện. Hãy để lại thông tin, phòng tuyển sinh sẽ liên hệ lại với bạn.",
    nextOpen: "Đội ngũ tuyển sinh sẽ có mặt lại vào {when}. Hãy để lại thông tin, họ sẽ liên hệ lại với bạn.",
    dropped: "Mất kết nối với nhóm tuyển sinh. Đang chờ người khác tiếp nhận…",
    staff: "nhân viên",
    personTyping: "{name} đang nhập",
    replies: "Đội ngũ tuyển sinh thường trả lời trong vòng {time}",
    newMessage: "Tin nhắn mới từ {name}",
  },
  ko: {
    greeting: '안녕하세요! 저는 {school}의 입학 도우미 {name}입니다. 무엇을 도와드릴까요?',
    hello: '안녕하세요! 무엇을 도와드릴까요?',
    chatWith: '{name}와(과) 채팅',
    chatWithUs: '채팅하기',
    chat: '채팅',
    placeholder: '메시지를 입력하세요…',
    messageLabel: '메시지를 입력하세요',
    send: '보내기',
    close: '채팅 닫기',
    conversation: '대화',
    typing: '도우미가 입력 중입니다',
    you: '나',
    assistant: '도우미',
    rate: '이 답변 평가하기',
    helpful: '도움이 됨',
    sources: '출처',
    notHelpful: '도움이 안 됨',
    failure: '죄송합니다. 지금 연결에 문제가 있습니다. 나중에 다시 시도해 주세요.',
    empty: '죄송합니다. 요청을 처리할 수 없습니다.',
    tooMany: '메시지가 너무 많습니다.',
    waitSeconds: '{n}초 후에 메시지를 다시 보낼 수 있습니다.',
    quickInfo: '간단한 정보',
    submit: '제출',
    notNow: '나중에',
    commas: '여러 개는 쉼표로 구분하세요',
    thanks: '감사합니다! 입학 상담사가 연락드리겠습니다.',
    provide: '입력해 주세요:',
    checkField: '이 항목을 확인해 주세요.',
    talk: '상담원과 이야기하기',
    offer: '답변을 드리지 못했습니다. 입학처 담당자와 이야기하시겠어요?',
    handoffIntro: '이름, 연락처, 질문을 남겨 주시면 입학처에서 답변드립니다.',
    reach: '또는 입학처에 직접 연락하세요:',
    name: '이름',
    email: '이메일',
    phone: '전화번호',
    question: '질문',
    handoffSend: '입학처에 보내기',
    needName: '이름을 입력해 주세요.',
    needContact: '이메일 주소나 전화번호를 입력해 주세요.',
    needQuestion: '질문을 입력해 주세요.',
    handoffDone: '감사합니다! 입학처에서 질문을 받았으며 곧 답변드리겠습니다.',
    connecting: "입학팀 담당자와 연결하는 중입니다…",
    joined: "입학팀의 {name}님이 채팅에 참여했습니다.",
    returned: "다시 도우미와 대화하고 있습니다.",
    missed: "지금은 채팅할 수 있는 담당자가 없습니다. 연락처를 남겨 주시면 입학처에서 연락드리겠습니다.",
    nextOpen: "입학팀은 {when}에 다시 응답합니다. 연락처를 남겨 주시면 연락드리겠습니다.",
    dropped: "입학팀과의 연결이 끊겼습니다. 다른 담당자를 기다리는 중입니다…",
    staff: "직원",
    personTyping: "{name}님이 입력 중입니다",
    replies: "입학팀은 보통 {time} 이내에 답변합니다",
    newMessage: "{name}님의 새 메시지",
  },
  ar: {
    greeting: 'مرحبًا! أنا {name}، مساعد القبول في {school}. كيف يمكنني مساعدتك اليوم؟',
    hello: 'مرحبًا! كيف يمكنني مساعدتك اليوم؟',
    chatWith: 'الدردشة مع {name}',
    chatWithUs: 'تحدث معنا',
    chat: 'الدردشة',
    placeholder: 'اكتب رسالتك…',
    messageLabel: 'اكتب رسالتك',
    send: 'إرسال',
    close: 'إغلاق الدردشة',
    conversation: 'المحادثة',
    typing: 'المساعد يكتب',
    you: 'أنت',
    assistant: 'المساعد',
    rate: 'قيّم هذه الإجابة',
    helpful: 'مفيدة',
    sources: 'المصادر',
    notHelpful: 'غير مفيدة',
    failure: 'عذرًا، أواجه مشكلة في الاتصال حاليًا. يرجى المحاولة لاحقًا.',
    empty: 'عذرًا، لم أتمكن من معالجة طلبك.',
    tooMany: 'رسائل كثيرة جدًا.',
    waitSeconds: 'يمكنك إرسال رسالتك مرة أخرى بعد {n} ثانية.',
    quickInfo: 'معلومات سريعة',
    submit: 'إرسال',
    notNow: 'ليس الآن',
    commas: 'افصل بين القيم بفواصل',
    thanks: 'شكرًا! سيتواصل معك مستشار القبول.',
    provide: 'يرجى تقديم:',
    checkField: 'يرجى التحقق من هذا الحقل.',
    talk: 'التحدث إلى شخص',
    offer: 'لم أتمكن من الإجابة عن ذلك. هل تريد التحدث إلى شخص من مكتب القبول؟',
    handoffIntro: 'اترك اسمك وطريقة التواصل معك وسؤالك، وسيرد عليك مكتب القبول.',
    reach: 'أو تواصل مع مكتب القبول مباشرة:',
    name: 'اسمك',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    question: 'سؤالك',
    handoffSend: 'إرسال إلى مكتب القبول',
    needName: 'يرجى إدخال اسمك.',
    needContact: 'يرجى إدخال بريد إلكتروني أو رقم هاتف.',
    needQuestion: 'يرجى كتابة سؤالك.',
    handoffDone: 'شكرًا! تلقى مكتب القبول سؤالك وسيرد عليك قريبًا.',
    connecting: "جارٍ توصيلك بأحد أعضاء فريق القبول…",
    joined: "انضم {name} من فريق القبول إلى المحادثة.",
    returned: "أنت تتحدث مع المساعد مرة أخرى.",
    missed: "لا يوجد أحد متاح للدردشة الآن. اترك بياناتك وسيتواصل معك مكتب القبول.",
    nextOpen: "سيعود فريق القبول {when}. اترك بياناتك وسيتواصلون معك.",
    dropped: "انقطع الاتصال بفريق القبول. في انتظار شخص آخر…",
    staff: "فريق العمل",
    personTyping: "{name} يكتب الآن",
    replies: "يرد فريق القبول عادةً خلال {time}",
    newMessage: "رسالة جديدة من {name}",
  },
};

/** Fills {name}-style holes. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

/**
 * The widget's language: the first of the browser's languages the widget has (any region, so
 * es-MX is Spanish and zh-TW gets Simplified Chinese), else the school's default.
 */
export function pickLanguage(browser: readonly string[], schoolDefault: string | undefined): WidgetLanguage {
  for (const tag of browser) {
    const base = String(tag).toLowerCase().split('-')[0];
    if ((WIDGET_LANGUAGES as readonly string[]).includes(base)) return base as WidgetLanguage;
  }
  return (WIDGET_LANGUAGES as readonly string[]).includes(schoolDefault || '') ? (schoolDefault as WidgetLanguage) : 'en';
}

/** Asking for a person, in the widget's languages ('talk to a human', 'hablar con una persona', a request among other words…). */
export { WANTS_PERSON } from './person-request';
