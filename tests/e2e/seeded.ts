/** The school tests/e2e/seed-hours.ts writes before the e2e app starts: conversations in every hour of the last 21 days. */
export const AROUND_THE_CLOCK = 'Around the Clock College';
