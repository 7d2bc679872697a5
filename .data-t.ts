import { composeAnswer } from '@/lib/model/compose';
const passages = [{ title: 'Visit Riverside', content: 'Campus tours leave the Welcome Center weekdays at 10 am and 2 pm, and Saturdays at 11 am.', sourceType: 'web_page', sourceId: '7', url: 'https://x' }];
const tour = { name: 'Book a campus tour', description: 'Visit us in person.', audience: 'Families', type: 'link' as const, data: 'https://riverside.example.edu/visit' };
for (const q of ['How do I schedule a campus visit?', 'How can I visit?', 'Can I book a tour?', 'How do I arrange a visit to campus?'])
console.log(JSON.stringify(composeAnswer({ question: q, passages, actions: [tour], contact: null, assistantName: 'A', schoolName: 'R' })));
