export const REDIS_SERVER: string;
export const MACHINE_REDIS_PORT: number;
export function ensureRedisServer(log?: (line: string) => void): Promise<boolean>;
export function startRedisServer(options?: { binary?: string; readyWithinMs?: number }): Promise<{ url: string; port: number; stop(): Promise<void> }>;
export function findRedis(log?: (line: string) => void): Promise<{ url: string; stop(): Promise<void> }>;
