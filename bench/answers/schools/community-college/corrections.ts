// Staff corrections of Tamarack Valley Community College and how visitors ask for them: written from the school's material before any tuning of the matcher.
import type { CorrectionCase } from '../types';

export const corrections: CorrectionCase[] = [
  {
    id: "cc-fix-01",
    question: "When is the deadline to apply for the Associate Degree Nursing program?",
    answer: "ADN applications for the fall 2027 cohort are accepted in LynxNet from January 15 to March 1, 2027, and decisions are emailed by April 15. You must already be on the Minnesota Nursing Assistant Registry and have your TEAS score; questions go to the Nursing office at (218) 555-0181.",
    paraphrases: [
      "cutoff date for getting into the RN track?",
      "when do ADN applications close for next fall",
      "I'm finishing my prereqs this spring and want to start the registered nursing degree in fall 2027. What's the last day I can submit my application?",
    ],
    unrelated: [
      "Which building is the Associate Degree Nursing program in?",
      "How many students does the nursing program accept each fall?",
    ],
  },
  {
    id: "cc-fix-02",
    question: "Is there an application fee?",
    answer: "No, applying to TVCC is free. The online Application for Admission at apply.tamarackvalley.edu takes about 15 minutes, and you'll get your Student ID and LynxNet login by email within two business days.",
    paraphrases: [
      "does it cost anything to apply",
      "fee to apply?",
      "Do I have to pay something when I send in the admissions form, or is it no charge?",
    ],
    unrelated: [
      "Is there a fee to apply for graduation?",
      "What is the final application date for spring 2027?",
    ],
  },
  {
    id: "cc-fix-03",
    question: "Where do I take the placement test?",
    answer: "Placement testing is in the Testing Center, Pine Hall Room 102 on the Main Campus. It is walk-in with no appointment needed, but the last test of the day starts 90 minutes before closing; you can also test at the Hollis County Center in Grafton on Tuesdays by appointment at (218) 555-0210.",
    paraphrases: [
      "where is the ACCUPLACER given",
      "Which building has the testing center for the English and math placement?",
      "I need to do the entrance exam before I can register, where do I go for it",
    ],
    unrelated: [
      "How much does it cost to retake the placement test?",
      "What placement test score do I need for ENG 101?",
    ],
  },
  {
    id: "cc-fix-04",
    question: "What are the Financial Aid Office hours?",
    answer: "During fall and spring the Financial Aid Office is open Monday through Thursday 8 a.m. to 6 p.m. and Friday 8 a.m. to 4:30 p.m., and walk-ins are welcome. In June and July it is open Monday through Thursday 7:30 a.m. to 5:30 p.m. and closed on Fridays.",
    paraphrases: [
      "when is financial aid open",
      "Until what time can I stop by to talk to someone about my FAFSA?",
      "finaid office open on fridays? what times",
    ],
    unrelated: [
      "What are the Testing Center hours?",
      "Who is the director of financial aid?",
    ],
  },
  {
    id: "cc-fix-05",
    question: "Do you have on-campus housing?",
    answer: "No, TVCC has no dorms or other on-campus housing; most students live at home or rent nearby. The Student Life office in Founders Hall Room 136 keeps a list of local landlords who rent to students: (218) 555-0185.",
    paraphrases: [
      "are there dorms",
      "can I live at the college",
      "My daughter is moving up from the Twin Cities for the welding program. Is there a residence hall or student apartments she could stay in?",
    ],
    unrelated: [
      "Is there a daycare on campus for students' kids?",
      "Is there a fitness center on campus?",
    ],
  },
  {
    id: "cc-fix-06",
    question: "How much is tuition per credit for in-district students?",
    answer: "In-district tuition for 2026-27 is $148 per credit hour, for students who have lived in Aldrich, Brennan or Hollis County for at least 12 months. From 12 to 18 credits you pay a flat $1,776 per semester, and fees ($8 activity and $11 technology per credit, plus a $30 registration fee) are extra.",
    paraphrases: [
      "what does one credit cost if I live in Brennan County",
      "price per credit hour for local residents?",
      "I've lived in Hollis County my whole life. How much am I charged for each credit I sign up for?",
    ],
    unrelated: [
      "How much is tuition per credit for out-of-state students?",
      "When is fall tuition due?",
    ],
  },
  {
    id: "cc-fix-07",
    question: "How do I sign up for College Now?",
    answer: "Talk with your high school counselor first, then fill out the College Now Application online (a parent or guardian signs if you are under 18), send an unofficial high school transcript and get a placement result. Then meet with the College Now coordinator, Alicia Brandvold, to register: (218) 555-0188 or collegenow@tamarackvalley.edu.",
    paraphrases: [
      "how does my son enroll in dual enrollment",
      "steps for a high schooler to get into college now?",
      "My daughter is a junior and wants to earn college credit at her high school through your program. What do we need to do to get her started?",
    ],
    unrelated: [
      "How much do College Now classes cost on the TVCC campus?",
      "What is the College Now deadline for spring classes?",
    ],
  },
  {
    id: "cc-fix-08",
    question: "Can I enroll if I don't have a high school diploma?",
    answer: "Yes. TVCC is open-admission: you can be admitted with a GED or HSED, or without one if you are at least 18 and can benefit from our courses. If you are 21 or older you don't need a transcript at all; you place into English and math with the placement test.",
    paraphrases: [
      "do you take GED students",
      "I dropped out at 16, will you still let me in?",
      "is a diploma required to get admitted",
    ],
    unrelated: [
      "Can I enroll at TVCC on an F-1 student visa?",
      "How do I get my high school transcript sent to TVCC?",
    ],
  },
  {
    id: "cc-fix-09",
    question: "Who do I talk to about transferring to a four-year university?",
    answer: "Make an appointment with transfer advisor Hector Ruiz in the Transfer Center, Founders Hall Room 131, in person or by video. Call (218) 555-0149 or email transfer@tamarackvalley.edu; it's best to start planning in your first semester.",
    paraphrases: [
      "transfer advisor contact?",
      "is there someone who helps students plan the move on to a university",
      "I want to finish my bachelor's at Northern Plains State after TVCC. Who can help me map that out?",
    ],
    unrelated: [
      "Will my credits from another college transfer to TVCC?",
      "What GPA do I need for guaranteed admission to Northern Plains State University?",
    ],
  },
  {
    id: "cc-fix-10",
    question: "What is the last day to drop a class and get a full refund this fall?",
    answer: "For full-semester fall 2026 classes, Friday, August 28 is the last day to drop with a 100% refund; after that, through September 4, you get 50% back. 8-week classes have shorter refund periods, so check the dates for each class in LynxNet.",
    paraphrases: [
      "deadline for a 100% refund in fall 2026?",
      "until when can I drop a course and still get all my money back",
      "If I change my mind about a class after the semester starts, how long do I have to get everything I paid returned?",
    ],
    unrelated: [
      "When is the last day to withdraw from a fall class with a W?",
      "Are lab fees refunded if I drop a class?",
    ],
  },
  {
    id: "cc-fix-11",
    question: "How do I get a parking permit?",
    answer: "Request your TVCC parking permit in LynxNet; it is mailed to you, or you can pick it up at Campus Security in Founders Hall Room 101. Parking itself is free, and students park in Lots B, C and D.",
    paraphrases: [
      "where do I pick up a parking sticker",
      "parking pass for students?",
      "what do I need so my car won't be ticketed in the student lot",
    ],
    unrelated: [
      "Where should visitors park when they come to campus?",
      "How much is the fine for parking without a permit?",
    ],
  },
  {
    id: "cc-fix-12",
    question: "What time does the Lynx Pantry open?",
    answer: "The Lynx Pantry in Pine Hall Room 020 is open Tuesdays and Wednesdays from 10 a.m. to 2 p.m. and Thursdays from 4 to 7 p.m. Any TVCC student can visit once a week; bring your Lynx Card.",
    paraphrases: [
      "food pantry hours?",
      "when can students pick up free groceries on campus",
      "What days and times can I stop by the pantry for food and hygiene stuff?",
    ],
    unrelated: [
      "Where is the Lynx Shop?",
      "What time does the Den open in the morning?",
    ],
  },
  {
    id: "cc-fix-13",
    question: "How much does the CDL program cost?",
    answer: "The four-week Commercial Driver's License Class A program costs $4,850, which covers tuition, truck time and the skills test. Before the first day you need a valid Minnesota driver's license, a Class A instruction permit and a passed DOT physical and drug screen; call the Aldrich Technical Center at (218) 555-0233.",
    paraphrases: [
      "price for truck driving school",
      "how much to get my class A license through you guys",
      "What would I end up paying in total for the commercial driver training in Marlow?",
    ],
    unrelated: [
      "When does the next CDL cohort start?",
      "How old do you have to be for the CDL program?",
    ],
  },
  {
    id: "cc-fix-14",
    question: "Who do I contact about disability accommodations?",
    answer: "Contact Accessibility Resources in Pine Hall Room 116, (218) 555-0179 or access@tamarackvalley.edu, open Monday through Friday 8 a.m. to 4:30 p.m. Reach out before the semester starts so your accommodations, including any for placement testing, are ready in time.",
    paraphrases: [
      "I have ADHD and need extra time on tests, who helps with that?",
      "accessibility resources contact?",
      "which office sets up accommodations for students with a documented disability",
    ],
    unrelated: [
      "Who do I contact about my tuition bill?",
      "Are emotional support animals allowed in class for students with a disability?",
    ],
  },
];
