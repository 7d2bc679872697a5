// Standard Webhooks' retry schedule: after the first attempt fails, 5 s, 5 min, 30 min and 2 h
// (each ±10 % jitter), so the spec's five attempts at most span about two and a half hours.
// CRM_RETRY_BASE_MS scales it for tests: it is the first wait, the others keep their ratios.
const RATIOS = [1, 60, 360, 1440];

export function crmRetryBaseMs(): number {
  const v = Number(process.env.CRM_RETRY_BASE_MS);
  return process.env.CRM_RETRY_BASE_MS && Number.isFinite(v) && v >= 0 ? v : 5000;
}

/** The wait after the `failed`-th failed attempt (1 = the first). */
export function crmRetryDelayMs(failed: number, random: () => number = Math.random): number {
  const ratio = RATIOS[Math.min(Math.max(failed, 1), RATIOS.length) - 1]!;
  return Math.round(crmRetryBaseMs() * ratio * (0.9 + random() * 0.2));
}
