export const BOUNDARY_ROOTS: string[];
export function boundaryCommand(root?: string, options?: { json?: boolean }): { command: string; args: string[]; cwd: string };
