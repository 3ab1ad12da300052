export function installNeeded(root?: string): string | undefined;
export function ensureInstalled(): Promise<boolean>;
