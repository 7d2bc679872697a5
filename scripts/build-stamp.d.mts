export function sourceStamp(root?: string): string;
export function buildIsCurrent(root?: string): boolean;
export function recordBuild(root?: string, stamp?: string): void;
export function ensureBuilt(root?: string): Promise<boolean>;
export function buildApp(root?: string): Promise<void>;
