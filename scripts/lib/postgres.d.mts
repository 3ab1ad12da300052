export function answers(port: number, host?: string): Promise<boolean>;
export function postgresAnswers(url: string): Promise<boolean>;
export function redisAnswers(port?: number, host?: string): Promise<boolean>;
export function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  print?: boolean;
}): Promise<{ url: string; stop(): Promise<void> }>;
export function startPostgresProcess(options: { dataDir: string; port: number }): Promise<{ url: string; stop(): Promise<void> }>;
