export function serverlessHost(env?: Record<string, string | undefined>): string | null;
export function serverlessConfigProblem(env?: Record<string, string | undefined>): string | null;
