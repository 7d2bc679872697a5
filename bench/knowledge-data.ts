// Passages that read like a school's pages: everyday prose, with a few admissions topic words each
// (so a question's words match some passages, as on a real site, rather than every one). Shared by
// the retrieval and chat benchmarks.

const FILLER = (
  'the students our college offers many ways to learn and grow with support from faculty staff and peers each year new classes begin in autumn ' +
  'you can find more information here about life on campus and in the city nearby we encourage every applicant to reach out with questions ' +
  'most people who visit enjoy walking through the gardens and meeting current students who share their experience during the day ' +
  'resources include quiet study rooms modern labs and friendly advisors who help plan a path toward graduation and a fulfilling career ' +
  'community events happen every week from concerts to talks and volunteer projects that connect learning with service in the region'
).split(' ');
const WORDS = (
  'tuition fees scholarship financial aid grant loan deadline application admission transcript essay recommendation program major minor degree ' +
  'bachelor master nursing biology engineering business computer science psychology education art music campus housing dormitory dining meal ' +
  'plan library athletics soccer basketball rowing club society volunteer internship career advising counseling health wellness parking shuttle ' +
  'orientation semester term credit transfer international visa english test score gpa sat act interview tour visit open house family parent'
).split(' ');

export function passage(seed: number): string {
  let x = (seed * 2654435761) >>> 0;
  const next = (n: number) => (x = (x * 1103515245 + 12345) >>> 0) % n;
  const words = Array.from({ length: 120 }, () => FILLER[next(FILLER.length)]!);
  for (let i = 0; i < 4; i++) words[next(words.length)] = WORDS[next(WORDS.length)]!;
  return words.join(' ') + '.';
}

export const QUESTIONS = [
  'How much is tuition?',
  'When is the application deadline?',
  'Do you have a nursing program?',
  'What scholarships are available for transfer students?',
  'Is there campus housing for international students?',
  'Can my family book a campus tour?',
];
