import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

// Used only outside production, so development and tests sign links without set-up.
// Production refuses it: it is public in this repository.
const DEVELOPMENT_LINK_SECRET = 'darmankar-development-file-link-secret';

/** `.data/files` at the repository root: beside `make dev`'s other local state. */
const DEFAULT_STORAGE_DIR = fileURLToPath(new URL('../../../.data/files', import.meta.url));

const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const filesConfigSchema = serviceBaseConfigSchema
  .extend({
    ...databaseConfigShape(),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50052),

    /** `folder` (FILES_DIR on local disk) or `s3` (S3-compatible object storage). */
    FILES_STORAGE: z.enum(['folder', 's3']).optional(),
    FILES_DIR: z
      .string()
      .min(1)
      .default(DEFAULT_STORAGE_DIR)
      .transform((dir) => path.resolve(dir)),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most S3-compatible stores want. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),

    /** The HMAC key of signed links to private files (32+ characters). */
    FILE_LINK_SECRET: z.string().min(32).optional(),
    /** Lifetime of a signed link when the issuing service asks for none, and the longest it may ask for. */
    FILE_LINK_TTL_SECONDS: positive(300),
    FILE_LINK_MAX_TTL_SECONDS: positive(3600),

    /** JPEG/WebP quality images are re-encoded at (§9: 75). */
    IMAGE_QUALITY: z.coerce.number().int().min(1).max(100).default(75),
    /** Images with more pixels than this are refused before they are decoded (decompression bombs). */
    IMAGE_MAX_PIXELS: positive(40_000_000),

    /** Uploads nothing claimed are removed this long after upload (or release). */
    UNCLAIMED_TTL_SECONDS: positive(24 * 3600),
    PURGE_INTERVAL_SECONDS: positive(3600),
  })
  .superRefine((env, ctx) => {
    const storage = env.FILES_STORAGE ?? (env.NODE_ENV === 'production' ? 's3' : 'folder');
    if (storage === 's3') {
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (env[name] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'required when files are kept in S3 (FILES_STORAGE=s3, the production default)',
          });
      }
    }
    if (env.FILE_LINK_MAX_TTL_SECONDS < env.FILE_LINK_TTL_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['FILE_LINK_MAX_TTL_SECONDS'],
        message: 'must be at least FILE_LINK_TTL_SECONDS',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.FILE_LINK_SECRET === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['FILE_LINK_SECRET'],
        message: 'required in production (links to private files are signed with it)',
      });
    if (env.FILE_LINK_SECRET === DEVELOPMENT_LINK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['FILE_LINK_SECRET'],
        message: 'the development value is public; set a secret of your own in production',
      });
  })
  .transform((env) => ({
    ...env,
    FILES_STORAGE: env.FILES_STORAGE ?? (env.NODE_ENV === 'production' ? 's3' : 'folder'),
    FILE_LINK_SECRET: env.FILE_LINK_SECRET ?? DEVELOPMENT_LINK_SECRET,
  }));

export type FilesConfig = z.infer<typeof filesConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function filesConfig(env: Record<string, string | undefined>): FilesConfig {
  return parseConfig(filesConfigSchema, env);
}
