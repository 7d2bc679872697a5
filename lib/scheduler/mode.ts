/** Inngest runs the jobs when its keys (or its dev server) are configured; otherwise the in-process runner does. */
export function inngestEnabled(): boolean {
  return !!(process.env.INNGEST_EVENT_KEY || process.env.INNGEST_SIGNING_KEY || process.env.INNGEST_DEV);
}
