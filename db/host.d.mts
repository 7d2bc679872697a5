export function serverlessHost(env?: Record<string, string | undefined>): string | null;
export function serverlessConfigProblem(env?: Record<string, string | undefined>): string | null;
/** Prints the serverless configuration problem, if any, and exits the process with status 1. */
export function exitOnServerlessConfigProblem(env?: Record<string, string | undefined>): void;
