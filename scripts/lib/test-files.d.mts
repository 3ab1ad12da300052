export interface TestGroup {
  name: string;
  /** Folders relative to the root; `*` stands for one folder. */
  roots: string[];
  /** Folders or single files relative to the root, left out. */
  exclude?: string[];
  concurrency: number;
}
export const CHECK_TEST_FILES: { name: string; file: string }[];
export const GROUPS: TestGroup[];
export function testFiles(group: TestGroup, root?: string): string[];
export interface TapCounts { found: boolean; passed: number; failed: number; skipped: number }
export function tapCounts(tapFile: string): TapCounts;
export function parseTap(text: string): TapCounts;
