// Larchmont College's website: the page bodies in site/, each inside site/layout.html, under these
// titles (served by schools/material.ts as for every benchmark school).
export const TITLES: Record<string, string> = {
  index: 'Home', admissions: 'First-Year Admission', tuition: 'Tuition and Fees', 'financial-aid': 'Financial Aid', visit: 'Visit Campus',
  housing: 'Housing and Dining', 'student-life': 'Student Life', academics: 'Academics', nursing: 'Nursing', directory: 'Directory',
  international: 'International Applicants', transfer: 'Transfer Students',
};
