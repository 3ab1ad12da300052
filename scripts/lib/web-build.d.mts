export const WEB_BUILD_INPUTS: string[];
export const WEB_BUILD_OUTPUT: string;
export function webBuildNeeded(root?: string): string | undefined;
export function ensureWebBuild(options?: { root?: string; log?: (line: string) => void; hint?: string }): Promise<boolean>;
