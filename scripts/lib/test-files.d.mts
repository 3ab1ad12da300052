export interface TestGroup {
  name: string;
  /** Folders relative to the root; `*` stands for one folder. */
  roots: string[];
  exclude?: string[];
  concurrency: number;
}
export const GROUPS: TestGroup[];
export function testFiles(group: TestGroup, root?: string): string[];
export function tapCounts(tapFile: string): { found: boolean; passed: number; failed: number; skipped: number };
