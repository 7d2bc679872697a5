// Staff corrections of Calder Brook School and how visitors ask for them: written from the school's material before any tuning of the matcher.
import type { CorrectionCase } from '../types';

export const corrections: CorrectionCase[] = [
  {
    id: "k12-fix-01",
    question: "When is the application deadline for fall 2027?",
    answer: "Applications for fall 2027 are due January 15, 2027, submitted online through the Kingfisher Hub. After the decision date we review remaining applications on a rolling basis as space allows; call the Admission Office at (610) 555-0134 with questions.",
    paraphrases: [
      "when do applications close for next school year",
      "what's the cutoff to get our paperwork in for next September",
      "My son would start Form I in the fall of 2027. By what date does his file need to be submitted?",
    ],
    unrelated: [
      "What is the deadline to return the enrollment contract and deposit?",
      "When are admission decisions released for fall 2027?",
    ],
  },
  {
    id: "k12-fix-02",
    question: "How much is tuition for kindergarten?",
    answer: "Kindergarten tuition for 2026-27 is $24,850, and all day students also pay the $1,650 Lunch Program fee. Need-based Tuition Assistance is available in every grade, including Kindergarten.",
    paraphrases: [
      "what do you charge for a 5 year old for the year",
      "kindergarten cost?",
      "We're looking at the Cottage for our daughter, who turns five this spring. What would her first year there run us?",
    ],
    unrelated: [
      "How much is tuition for first grade?",
      "What is the birthday cutoff for kindergarten?",
    ],
  },
  {
    id: "k12-fix-03",
    question: "Is there after-school care?",
    answer: "Yes. Extended Day runs every school day from dismissal until 6:00 pm for Kindergarten through Grade 5 in the Lower School Commons: $4,350 a year for five days, $2,900 for three days, or $30 per afternoon drop-in. Middle School students can stay for supervised Study Hall until 5:30 pm.",
    paraphrases: [
      "do you have aftercare",
      "where can my first grader stay until I get off work",
      "We both work until 5:30. Is there somewhere the kids can be supervised once classes let out?",
    ],
    unrelated: [
      "Is there before-school care?",
      "What after-school clubs are there in the Upper School?",
    ],
  },
  {
    id: "k12-fix-04",
    question: "Where do we park when we visit?",
    answer: "Visitors park in Lot B next to Founders Hall; from Old Mill Road, follow the blue signs. For tours and admission events, check in at Whitcomb House, the white clapboard house across the lawn from Lot B.",
    paraphrases: [
      "visitor parking?",
      "where should I leave my car for our tour",
      "We're coming to the open house on Sunday. Which lot is for guests?",
    ],
    unrelated: [
      "Where do Upper School students who drive park?",
      "When can we visit for a private tour?",
    ],
  },
  {
    id: "k12-fix-05",
    question: "Do you offer merit scholarships?",
    answer: "No. Calder Brook does not offer merit or athletic scholarships; all Tuition Assistance is awarded on financial need, as grants from $2,000 up to 90% of tuition. For a confidential conversation, contact Priya Natarajan at (610) 555-0162 or tuitionassistance@calderbrook.org.",
    paraphrases: [
      "are there academic scholarships",
      "can my son get money off for having great grades or being a strong soccer player",
      "any awards for top students?",
    ],
    unrelated: [
      "Do you offer a sibling discount?",
      "Do you offer AP courses?",
    ],
  },
  {
    id: "k12-fix-06",
    question: "Can middle school students board?",
    answer: "No. Boarding is open only to Upper School students in Forms IV through VII (Grades 9-12); Lower and Middle School students are day students. Families can plan for boarding starting in Form IV.",
    paraphrases: [
      "can my 7th grader live on campus",
      "is boarding an option for 8th graders?",
      "What is the youngest grade that can stay overnight in the dorms?",
    ],
    unrelated: [
      "Can middle school students ride the late bus?",
      "How much is seven-day boarding?",
    ],
  },
  {
    id: "k12-fix-07",
    question: "How do I report my child's absence?",
    answer: "Call the Attendance Line at (610) 555-0118 (24-hour voicemail) or email attendance@calderbrook.org by 8:30 am with your child's name, division and the reason. For a planned trip, submit a Planned Absence Form in the Kingfisher Hub at least two weeks ahead.",
    paraphrases: [
      "my son is sick today, who do I tell",
      "how do I call my kid out of school",
      "What number do I ring to say she won't be in this morning?",
    ],
    unrelated: [
      "How long does my child have to be fever-free before returning to school?",
      "How many absences can an Upper School student have before losing course credit?",
    ],
  },
  {
    id: "k12-fix-08",
    question: "How much does the bus cost?",
    answer: "Bus service for 2026-27 costs $2,400 a year round trip or $1,400 a year one way, and the Late Bus is included for students registered for a route ($5 per ride for others). Questions go to Transportation Coordinator Gary Dunmore at (610) 555-0149.",
    paraphrases: [
      "transportation fee?",
      "what's the yearly price to ride to school",
      "How much would we pay to have the kids picked up in the morning and dropped back home in the afternoon?",
    ],
    unrelated: [
      "What time does the bus leave in the afternoon?",
      "Where does the bus drop students off on campus?",
    ],
  },
  {
    id: "k12-fix-09",
    question: "Who should I contact about boarding?",
    answer: "Contact Residential Life: Martin Voss, Director of Residential Life, at boarding@calderbrook.org or (610) 555-0171. Families of current boarders can reach the Boarding Duty Phone at (610) 555-0190 in the evenings and on weekends.",
    paraphrases: [
      "who runs the dorms",
      "residential life email?",
      "We have questions about our daughter living on campus next year. Who is the right person to ask?",
    ],
    unrelated: [
      "Who should I contact about Extended Day?",
      "What does boarding tuition include?",
    ],
  },
  {
    id: "k12-fix-10",
    question: "What time does school start for middle school?",
    answer: "The Middle School day (Forms I-III, Grades 6-8) runs from 7:55 am to 3:20 pm. Campus opens for arrival at 7:30 am, and students who come earlier can wait in Pemberton Library from 7:15 am.",
    paraphrases: [
      "when does 6th grade begin in the morning",
      "start time for grades 6 to 8?",
      "My Form II son needs to be in class by when each day?",
    ],
    unrelated: [
      "What time does school start for the Lower School?",
      "What time does Middle School Study Hall end?",
    ],
  },
  {
    id: "k12-fix-11",
    question: "Where can we buy uniforms?",
    answer: "Uniform pieces are sold by our outfitter, Harlow & Pike, at their shop on Main Street in Wexford Mills and online. The Parents Association Uniform Exchange also has gently used pieces on the first Saturday of each month, 9:00 to 11:00 am, in the Founders Hall basement (September through May).",
    paraphrases: [
      "who sells the school clothes",
      "where do I get a polo with the crest and the blazer",
      "uniform store?",
    ],
    unrelated: [
      "What does the PE uniform look like?",
      "Is there a dress-down day when kids don't wear uniforms?",
    ],
  },
  {
    id: "k12-fix-12",
    question: "When does school start in the fall?",
    answer: "The first day of classes for all students is Wednesday, September 2, 2026. New Student Orientation for all divisions is Monday, August 31, and boarding students move in on Sunday, August 30 from 1:00 to 4:00 pm.",
    paraphrases: [
      "first day of classes?",
      "when do kids go back after summer break",
      "What date does the 2026-27 year begin for new students?",
    ],
    unrelated: [
      "When is the last day of school?",
      "When does the fall sports preseason start?",
    ],
  },
  {
    id: "k12-fix-13",
    question: "How do we apply for tuition assistance?",
    answer: "Complete the Meridian Family Financial Statement (MFFS) online ($40 processing fee, waived on request), upload your 2025 federal tax return, W-2s and any 1099s, and indicate on your Calder Brook application that you are applying. New families must submit the MFFS by January 20, 2027.",
    paraphrases: [
      "how do I ask for financial aid",
      "what's the process to get help paying for school",
      "We can't afford the full cost. What forms do we fill out to be considered for a grant?",
    ],
    unrelated: [
      "Does applying for tuition assistance affect the admission decision?",
      "How much is Upper School tuition?",
    ],
  },
];
