// The zod schemas of the files service's REST surface. A broken rule names its catalogue code.
import { z } from 'zod';
import { CATEGORY_NAMES, IMAGE_WIDTHS, policyTableMarkdown } from './policy.ts';

export const uploadQuery = z.object({
  category: z.enum(CATEGORY_NAMES, { error: 'EXC_FILES_UNKNOWN_TYPE' }).meta({
    description: `What the file is for; each category accepts its own types and size. Send the file as the multipart/form-data field \`file\`.\n\n${policyTableMarkdown()}`,
  }),
});

export const uploadResponse = z.object({
  id: z.uuid().meta({ description: 'The new file; another call (a resume, an employer) then claims it for its use.' }),
});

export const fileIdParams = z.object({ id: z.string().min(1).max(64).meta({ description: 'The file id.' }) });

export const publicFileQuery = z.object({
  width: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const width = Number(value);
      if (!IMAGE_WIDTHS.includes(width) || String(width) !== value) {
        ctx.addIssue({ code: 'custom', message: 'EXC_FILES_WIDTH_IS_INVALID' });
        return z.NEVER;
      }
      return width;
    })
    .meta({
      description: `Image width in pixels, one of ${IMAGE_WIDTHS.join(', ')}; without it the full image (at most 1024 pixels wide).`,
    }),
});

export const signedFileQuery = z.object({
  expires: z
    .string({ error: 'EXC_FILES_LINK_IS_INVALID' })
    .regex(/^\d{1,12}$/, { error: 'EXC_FILES_LINK_IS_INVALID' })
    .transform(Number)
    .meta({ description: 'Expiry of the link (seconds since the epoch), as issued.' }),
  signature: z
    .string({ error: 'EXC_FILES_LINK_IS_INVALID' })
    .min(1, { error: 'EXC_FILES_LINK_IS_INVALID' })
    .max(128, { error: 'EXC_FILES_LINK_IS_INVALID' })
    .meta({ description: "The link's signature, as issued." }),
});
