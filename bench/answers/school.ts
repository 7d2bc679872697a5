// What Larchmont College's staff type into Lantern: the profile sections, the fact sheet and the
// action prompts. `site` is the local school site's address (the benchmark serves it on a port).

export const ACCOUNT = { email: 'dana.whitfield@larchmont.edu', password: 'Heron-Quad-1887!', username: 'dwhitfield', first_name: 'Dana', last_name: 'Whitfield' };

export const schoolProfile = (site: string) => ({
  create: { name: 'Larchmont College', website_url: site, locations: ['Harrow Falls, Oregon'], classification: '4_year', degree_levels: ['bachelor'], institution_control: 'private', tax_status: 'non_profit', mascot: 'Herons' },
  classification: {
    classification: '4_year',
    degree_levels: ['bachelor'],
    institution_control: 'private',
    tax_status: 'non_profit',
    religious_affiliation: null,
    accreditation_info: 'Accredited by the Northwest Commission on Colleges and Universities.',
  },
  contact: {
    contact_points: [
      { name: 'Office of Admission', email: 'admission@larchmont.edu', phone: '(541) 555-0142', website: `${site}admissions.html` },
      { name: 'Financial Aid', email: 'finaid@larchmont.edu', phone: '(541) 555-0177' },
    ],
  },
  tuition: {
    tuition_info: 'Tuition for 2026-27 is $52,380 for full-time undergraduates. Room and board are billed separately.',
    tuition_instructions: 'Point families to the Financial Aid page: most students pay less than the published price.',
  },
});

export const FACT_SHEET = {
  programs: ['Biology', 'Psychology', 'Nursing (BSN)', 'Environmental Science', 'Business and Economics', 'Computer Science', 'English', 'History', 'Education'],
  athletic_teams: ['Cross Country', 'Soccer', 'Basketball', 'Volleyball', 'Swimming', 'Track and Field', 'Rowing', 'Baseball', 'Softball', 'Tennis'],
  student_clubs: ['Orchard Society', 'Mock Trial', 'Heron Radio', 'Outing Club', 'Black Student Union', 'Chess Club'],
  important_deadlines: [
    { name: 'Early Decision application deadline', date: '2026-11-01', description: 'Binding' },
    { name: 'Early Action application deadline', date: '2026-11-15', description: null },
    { name: 'Regular Decision application deadline', date: '2027-01-15', description: null },
    { name: 'FAFSA priority deadline', date: '2027-02-15', description: null },
    { name: 'Enrollment deposit deadline', date: '2027-05-01', description: '$400 deposit' },
  ],
};

export const actionPrompts = (site: string) => [
  { name: 'Apply Now', target_audience: 'Prospective first-year and transfer students', action_description: 'Start your application to Larchmont College', action_type: 'link', action_data: `${site}apply.html`, priority: 90 },
  { name: 'Schedule a Visit', target_audience: 'Students and families who want to see campus', action_description: 'Book a campus tour or an open house visit', action_type: 'link', action_data: `${site}visit.html`, priority: 80 },
  { name: 'Call Admissions', target_audience: 'Anyone with a question for the admission office', action_description: 'Talk to an admission counselor', action_type: 'phone', action_data: '(541) 555-0142', priority: 70 },
];
