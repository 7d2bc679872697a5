import { SENTIMENT_VALUES, type Sentiment, type TopicScore } from '@/db/schema/analytics-values';

// The topic categories a visitor's message is sorted into, with the friendly names
// staff see, and the sentiments with their colours. No server imports: the Analytics tab uses them.

export const TOPIC_CATEGORIES = [
  { key: 'academic_programs', name: 'Academic Programs' },
  { key: 'admissions', name: 'Admissions' },
  { key: 'financial_aid', name: 'Financial Aid' },
  { key: 'campus_life', name: 'Campus Life' },
  { key: 'housing_dining', name: 'Housing and Dining' },
  { key: 'athletics', name: 'Athletics' },
  { key: 'career_services', name: 'Career Services' },
  { key: 'location', name: 'Location' },
  { key: 'accreditation', name: 'Accreditation' },
  { key: 'academic_support', name: 'Academic Support' },
  { key: 'campus_safety', name: 'Campus Safety' },
  { key: 'technology', name: 'Technology' },
  { key: 'transfer_students', name: 'Transfer Students' },
  { key: 'international_students', name: 'International Students' },
  { key: 'health_wellness', name: 'Health and Wellness' },
  { key: 'casual_chat', name: 'Casual Chat' },
  { key: 'unclear', name: 'Unclear' },
] as const;
export type TopicCategory = (typeof TOPIC_CATEGORIES)[number]['key'];
export const TOPIC_KEYS = TOPIC_CATEGORIES.map((c) => c.key) as [TopicCategory, ...TopicCategory[]];

export const SENTIMENTS = [
  { key: 'positive', name: 'Positive', color: '#28a745' },
  { key: 'neutral', name: 'Neutral', color: '#6c757d' },
  { key: 'negative', name: 'Negative', color: '#dc3545' },
] as const;
export const SENTIMENT_KEYS = SENTIMENT_VALUES;
export type { Sentiment, TopicScore };
