// Staff corrections of Kettle River State University and how visitors ask for them: written from the school's material before any tuning of the matcher.
import type { CorrectionCase } from '../types';

export const corrections: CorrectionCase[] = [
  {
    id: "su-fix-01",
    question: "When is the Early Action deadline?",
    answer: "Early Action applications for fall 2027 are due November 15, 2026, and decisions are released by December 18, 2026. Early Action is nonbinding, so you still have until May 1, 2027 to commit.",
    paraphrases: [
      "when is EA due",
      "what's the date to apply early",
      "If I want to hear back before winter break, by when does my application need to be in?",
    ],
    unrelated: [
      "When is the priority deadline for fall 2027?",
      "What is the RA application deadline?",
    ],
  },
  {
    id: "su-fix-02",
    question: "How much is tuition for out-of-state students?",
    answer: "Non-resident tuition for 2026-27 is $27,180 for the year, plus $1,612 in mandatory fees. Non-residents are automatically considered for the Frontier Scholarship, and students from Northern Tier states may qualify for NTTE tuition of $9,630 instead.",
    paraphrases: [
      "nonresident tuition?",
      "what do students from California pay to go there",
      "We live in Colorado. What would the yearly tuition bill be for our son, not counting room and board?",
    ],
    unrelated: [
      "How much is tuition for Montana residents?",
      "How much is the application fee for international students?",
    ],
  },
  {
    id: "su-fix-03",
    question: "Where do campus tours start?",
    answer: "All campus visits begin at the Osprey Welcome Center in the lobby of Harmon Hall, 1200 University Avenue. Please register at least a week ahead at (406) 555-0193 or visit@krsu.edu.",
    paraphrases: [
      "where should we check in for our visit",
      "meeting spot for the walking tour?",
      "When we get there for the student-led tour, which building do we go to first?",
    ],
    unrelated: [
      "What times are campus tours offered?",
      "Where does the engineering lab tour start?",
    ],
  },
  {
    id: "su-fix-04",
    question: "Do freshmen have to live on campus?",
    answer: "Yes. First-year students under 21 with fewer than 30 college credits after high school must live in a residence hall and buy a meal plan for two semesters. You can request an exemption in the Housing Portal by June 1, 2027 if you will live with a parent or guardian within 50 miles of campus, are married or have dependent children.",
    paraphrases: [
      "is housing required first year",
      "can my son skip the dorms and stay home his first year",
      "live-on requirement for new students?",
    ],
    unrelated: [
      "Can freshmen bring a car to campus?",
      "Do freshmen have to go to orientation?",
    ],
  },
  {
    id: "su-fix-05",
    question: "How do I apply for departmental scholarships?",
    answer: "Submit the OspreyAwards application by February 15, 2027; one application puts you in the running for more than 1,400 college and department awards. Music performance awards are decided through your School of Music audition.",
    paraphrases: [
      "where's the form for scholarships from my major",
      "is there a separate application for money from the engineering college?",
      "How can I be considered for the awards that individual departments give out?",
    ],
    unrelated: [
      "Do I need to apply separately for merit scholarships?",
      "How do I apply to the Honors College?",
    ],
  },
  {
    id: "su-fix-06",
    question: "Who do I contact about my residency classification?",
    answer: "Residency for tuition is handled by the Office of the Registrar, Dunmore Hall Suite 150: residency@krsu.edu or (406) 555-0119. If you think you were classified incorrectly, your Residency Petition must be received by the 15th class day of the semester.",
    paraphrases: [
      "I got charged out-of-state tuition by mistake, who fixes that",
      "email for in-state status questions?",
      "which office decides whether I count as a Montana resident",
    ],
    unrelated: [
      "Who do I contact about housing?",
      "How long do I have to live in Montana to count as a resident?",
    ],
  },
  {
    id: "su-fix-07",
    question: "How much does orientation cost?",
    answer: "The Osprey Launch fee is $185, which covers meals, lodging and materials and is billed to your student account. Family Launch for parents and family members costs $60 per guest.",
    paraphrases: [
      "fee for osprey launch?",
      "do I have to pay for the summer program before freshman year",
      "What will it run us for me and my two parents to attend the two-day session in June?",
    ],
    unrelated: [
      "When are the orientation sessions this summer?",
      "How much does Discover KRSU Day cost?",
    ],
  },
  {
    id: "su-fix-08",
    question: "Can I take a gap year?",
    answer: "Yes. Admitted first-year students can defer enrollment for up to one academic year: pay the $150 Enrollment Confirmation Fee and submit the deferral request form by June 1, 2027. Merit scholarships are held for deferred students.",
    paraphrases: [
      "deferring admission?",
      "is it possible to start a year later after I get in",
      "I got accepted but I want to work for a year before college. Will my spot and my scholarship be saved?",
    ],
    unrelated: [
      "Can I take a campus tour on a Saturday?",
      "Can I change my major after my first year?",
    ],
  },
  {
    id: "su-fix-09",
    question: "When is move-in day?",
    answer: "First-year move-in is Wednesday, August 18 and Thursday, August 19, 2027; you choose a two-hour move-in slot in the Housing Portal in July. Returning students move in starting Saturday, August 21, and marching band members arrive earlier for band camp, which begins August 9.",
    paraphrases: [
      "when can freshmen get into the dorms",
      "What date do we bring my daughter's things to her residence hall?",
      "dorm arrival date for first years?",
    ],
    unrelated: [
      "When do fall 2027 classes begin?",
      "What day do the dorms close for winter break?",
    ],
  },
  {
    id: "su-fix-10",
    question: "What GPA do I need to get into the nursing program?",
    answer: "Admission to the professional nursing sequence requires a prerequisite GPA of at least 3.25 and an ATI TEAS score of 70% or higher, but it is competitive: the average admitted prerequisite GPA in 2025 was 3.71. Incoming freshmen with a 3.75 unweighted high school GPA who apply by December 1, 2026 are offered Nursing Early Assurance.",
    paraphrases: [
      "min gpa for the BSN?",
      "what grades does it take to be accepted into nursing",
      "How high do my prereq marks have to be for the professional sequence?",
    ],
    unrelated: [
      "What GPA do I need to get into the Honors College?",
      "Where is the nursing building?",
    ],
  },
  {
    id: "su-fix-11",
    question: "Is there free tutoring?",
    answer: "Yes. Tutoring is free for all students in the Osprey Learning Commons on the first floor of Ferris Library, with drop-in help in more than 80 courses, writing consultations and supplemental instruction for classes like Calculus I and General Chemistry.",
    paraphrases: [
      "can I get help with calc without paying",
      "do students have to pay for tutors",
      "academic support available at no charge?",
    ],
    unrelated: [
      "Is there free counseling on campus?",
      "Is there a free bus to downtown?",
    ],
  },
  {
    id: "su-fix-12",
    question: "How much is the housing deposit?",
    answer: "The housing prepayment is $250, paid when you apply in the Housing Portal, and it is credited to your fall housing charges. $150 of it is refunded if you cancel before May 1, 2027.",
    paraphrases: [
      "dorm deposit amount?",
      "what do I have to pay up front to reserve a room",
      "How much money do we put down when we submit the residence hall application?",
    ],
    unrelated: [
      "How much is housing in Ponderosa Commons?",
      "When does the housing application open?",
    ],
  },
  {
    id: "su-fix-13",
    question: "Where is the Office of Financial Aid?",
    answer: "The Office of Financial Aid and Scholarships is in Dunmore Hall, Suite 200. You can also call (406) 555-0148 or email finaid@krsu.edu.",
    paraphrases: [
      "where's finaid",
      "which building do I go to for help with my FAFSA",
      "Where can I go in person to ask about my aid package?",
    ],
    unrelated: [
      "When is the financial aid priority date?",
      "Where is the Office of Admissions?",
    ],
  },
];
