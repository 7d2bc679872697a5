import Sentiment from 'sentiment';
import { stemmer } from 'stemmer';
import type { Sentiment as SentimentKey, TopicCategory, TopicScore } from './categories';

// The embedded-mode classifier of a visitor's message: the topic categories (./categories) from a
// keyword lexicon (stemmed words and phrases, several topics per message with a confidence), the
// sentiment from AFINN scores (the `sentiment` package) mapped to positive / neutral / negative.
// No server imports and no I/O: the analysis task calls it thousands of times a second.

type Lexicon = Partial<Record<Exclude<TopicCategory, 'unclear'>, string[]>>;

/**
 * Words and phrases per category. Single words are stemmed before matching, so 'scholarship' also
 * matches 'scholarships'; phrases match on the stemmed word sequence. Kept as data so it can grow.
 */
export const TOPIC_LEXICON: Lexicon = {
  academic_programs: [
    'major', 'minor', 'program', 'programme', 'degree', 'course', 'curriculum', 'class', 'study', 'studies', 'bachelor', 'master', 'mba', 'phd',
    'doctorate', 'nursing', 'engineering', 'biology', 'computer science', 'business', 'psychology', 'faculty', 'professor', 'class size', 'research',
    'honors', 'honours', 'semester', 'credit hour', 'online classes', 'pre-med', 'concentration', 'department', 'teach', 'lab',
  ],
  admissions: [
    'apply', 'application', 'admission', 'admit', 'deadline', 'requirement', 'gpa', 'sat', 'act', 'test optional', 'test-optional', 'essay',
    'recommendation letter', 'letter of recommendation', 'transcript', 'early decision', 'early action', 'acceptance rate', 'accept', 'enroll',
    'enrollment', 'application fee', 'common app', 'interview', 'waitlist', 'decision', 'get in', 'portfolio', 'audition', 'visit', 'tour', 'open house',
  ],
  financial_aid: [
    'tuition', 'cost', 'fee', 'price', 'afford', 'scholarship', 'grant', 'fafsa', 'financial aid', 'aid', 'loan', 'payment plan', 'pay', 'expensive',
    'cheap', 'work-study', 'work study', 'merit', 'need-based', 'net price', 'money', 'budget', 'discount', 'refund', 'css profile',
  ],
  campus_life: [
    'club', 'organization', 'organisation', 'society', 'student life', 'campus life', 'event', 'fraternity', 'sorority', 'greek life', 'party',
    'social', 'activity', 'activities', 'volunteer', 'music', 'theater', 'theatre', 'band', 'choir', 'weekend', 'nightlife', 'diversity', 'community',
    'religious', 'chapel', 'student government', 'friends', 'fun',
  ],
  housing_dining: [
    'dorm', 'dormitory', 'housing', 'residence hall', 'roommate', 'room', 'apartment', 'live on campus', 'living on campus', 'off-campus housing',
    'dining', 'meal plan', 'meal', 'food', 'cafeteria', 'eat', 'vegetarian', 'vegan', 'gluten', 'kitchen', 'laundry', 'single room', 'double room',
  ],
  athletics: [
    'sport', 'athletic', 'athlete', 'team', 'varsity', 'ncaa', 'division', 'football', 'basketball', 'soccer', 'baseball', 'tennis', 'swim',
    'swimming', 'track', 'volleyball', 'hockey', 'gym', 'fitness center', 'intramural', 'coach', 'recruit', 'stadium', 'rowing', 'lacrosse',
  ],
  career_services: [
    'career', 'job', 'internship', 'employment', 'employer', 'hire', 'placement', 'graduate outcome', 'alumni', 'resume', 'cv', 'salary', 'work after',
    'career fair', 'co-op', 'networking', 'job placement', 'recruiter',
  ],
  location: [
    'where', 'located', 'location', 'address', 'direction', 'city', 'town', 'downtown', 'near', 'nearby', 'airport', 'parking', 'park', 'bus',
    'train', 'shuttle', 'transport', 'transportation', 'how far', 'distance', 'get there', 'map', 'neighborhood', 'neighbourhood', 'weather', 'climate',
  ],
  accreditation: [
    'accredit', 'accredited', 'accreditation', 'ranking', 'ranked', 'rank', 'recognized', 'recognised', 'reputation', 'licensed', 'abet', 'aacsb',
    'regional accreditation', 'certified', 'legit', 'legitimate',
  ],
  academic_support: [
    'tutor', 'tutoring', 'advisor', 'adviser', 'advising', 'academic support', 'writing center', 'writing centre', 'library', 'study help', 'mentor',
    'disability', 'disabilities', 'accommodation', 'learning support', 'office hours', 'struggling', 'help with classes', 'dyslexia', 'adhd',
  ],
  campus_safety: [
    'safe', 'safety', 'security', 'crime', 'police', 'emergency', 'escort', 'dangerous', 'danger', 'theft', 'assault', 'lighting', 'cameras',
    'emergency alert', 'campus police', 'secure',
  ],
  technology: [
    'wifi', 'wi-fi', 'internet', 'laptop', 'computer', 'software', 'technology', 'tech support', 'it help', 'it support', 'email account',
    'student portal', 'portal', 'login', 'password', 'canvas', 'blackboard', 'printer', 'printing', 'app', 'online',
  ],
  transfer_students: [
    'transfer', 'transferring', 'transfer credit', 'credits transfer', 'community college', 'previous college', 'other college', 'another university',
    'articulation', 'credit evaluation', 'switch schools', 'change schools',
  ],
  international_students: [
    'international', 'visa', 'f-1', 'f1 visa', 'i-20', 'toefl', 'ielts', 'duolingo', 'english proficiency', 'foreign', 'abroad', 'country',
    'overseas', 'passport', 'study permit', 'opt', 'immigration', 'home country',
  ],
  health_wellness: [
    'health', 'wellness', 'counseling', 'counselling', 'counselor', 'therapist', 'therapy', 'mental health', 'clinic', 'doctor', 'nurse', 'sick',
    'medical', 'insurance', 'health insurance', 'stress', 'anxiety', 'depression', 'vaccination', 'vaccine', 'pharmacy', 'well-being', 'wellbeing',
  ],
  casual_chat: [
    'hi', 'hello', 'hey', 'thanks', 'thank you', 'thank', 'thx', 'good morning', 'good afternoon', 'good evening', 'bye', 'goodbye', 'see you',
    'how are you', 'nice', 'cool', 'ok', 'okay', 'great', 'awesome', 'lol', 'cheers', 'appreciate', 'yo', 'sup', 'who are you', 'are you a bot',
    'are you human',
  ],
};

/** Lower-case words (keeps in-word hyphens and apostrophes), for matching and for stemming. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:[-'][a-z0-9]+)*/g) ?? [];
}

const stem = (w: string) => stemmer(w);

type Entry = { category: Exclude<TopicCategory, 'unclear'>; stems: string[] };

/** Single-word entries by stem; phrases by their first stem (checked against the words that follow). */
const SINGLE = new Map<string, Set<Exclude<TopicCategory, 'unclear'>>>();
const PHRASES = new Map<string, Entry[]>();
for (const [category, list] of Object.entries(TOPIC_LEXICON) as [Exclude<TopicCategory, 'unclear'>, string[]][]) {
  for (const item of list) {
    const stems = words(item).map(stem);
    if (stems.length === 0) continue;
    if (stems.length === 1) {
      const set = SINGLE.get(stems[0]!) ?? new Set();
      set.add(category);
      SINGLE.set(stems[0]!, set);
    } else {
      const list2 = PHRASES.get(stems[0]!) ?? [];
      list2.push({ category, stems });
      PHRASES.set(stems[0]!, list2);
    }
  }
}

/** Topics below this share of the message's strongest topic are dropped (noise from a passing word). */
const MIN_RELATIVE = 0.5;
/** Greetings count only when nothing else matched, or in a short message where they outweigh the rest. */
const CASUAL_MAX_WORDS = 6;

const analyzer = new Sentiment();
/** AFINN comparative score (sum / words) beyond which a message counts as positive or negative. */
const SENTIMENT_THRESHOLD = 0.05;

export type LocalClassification = { topics: TopicScore[]; sentiment: SentimentKey };

/** The sentiment of a message: AFINN's comparative score, mapped to positive / neutral / negative. */
export function sentimentOf(text: string): SentimentKey {
  const { comparative } = analyzer.analyze(text);
  if (comparative > SENTIMENT_THRESHOLD) return 'positive';
  if (comparative < -SENTIMENT_THRESHOLD) return 'negative';
  return 'neutral';
}

/**
 * Topics of a message: each lexicon hit adds 1 (a phrase adds its word count) to its category; the
 * confidence is the category's share of the hits, rounded to two places, strongest first. Greetings
 * and thanks are 'casual_chat' when the message asks about nothing else; no hit at all is 'unclear'.
 */
export function topicsOf(text: string): TopicScore[] {
  const ws = words(text);
  const stems = ws.map(stem);
  const scores = new Map<Exclude<TopicCategory, 'unclear'>, number>();
  const add = (c: Exclude<TopicCategory, 'unclear'>, n: number) => scores.set(c, (scores.get(c) ?? 0) + n);
  for (let i = 0; i < stems.length; i++) {
    const s = stems[i]!;
    let phraseHit = false;
    for (const p of PHRASES.get(s) ?? []) {
      if (p.stems.every((ps, j) => stems[i + j] === ps)) {
        add(p.category, p.stems.length);
        phraseHit = true;
      }
    }
    if (phraseHit) continue;
    for (const c of SINGLE.get(s) ?? []) add(c, 1);
  }
  const casual = scores.get('casual_chat') ?? 0;
  scores.delete('casual_chat');
  if (scores.size === 0) return casual > 0 ? [{ category: 'casual_chat', confidence: 1 }] : [{ category: 'unclear', confidence: 1 }];
  const best = Math.max(...scores.values());
  const kept = [...scores.entries()].filter(([, n]) => n >= best * MIN_RELATIVE);
  if (casual > best && ws.length <= CASUAL_MAX_WORDS) kept.push(['casual_chat', casual]);
  const total = kept.reduce((a, [, n]) => a + n, 0);
  return kept
    .map(([category, n]) => ({ category, confidence: Math.round((n / total) * 100) / 100 }))
    .sort((a, b) => b.confidence - a.confidence || a.category.localeCompare(b.category));
}

/** The local classification of one visitor message. */
export function classifyLocal(text: string): LocalClassification {
  return { topics: topicsOf(text), sentiment: sentimentOf(text) };
}
