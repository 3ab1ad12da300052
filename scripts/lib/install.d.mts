export function installNeeded(root?: string): string | undefined;
export function ensureInstalled(options?: { root?: string; log?: (line: string) => void }): Promise<boolean>;
