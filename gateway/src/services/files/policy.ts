// The files contract's policy table and image widths, as the gateway needs them: to stop
// reading an upload past its category's size, to validate widths, and to document the table.
import { getOption } from '@bufbuild/protobuf';
import {
  category_policy,
  FileCategory,
  FileCategorySchema,
  ImageWidth,
  ImageWidthSchema,
} from '@darmankar/proto/files/v1/files_pb';

const PREFIX = 'FILE_CATEGORY_';

export interface CategoryRow {
  /** As the `category` query names it: LOGO, RESUME_PICTURE, ... */
  name: string;
  category: FileCategory;
  mediaTypes: string[];
  maxBytes: number;
  public: boolean;
}

export const CATEGORIES: readonly CategoryRow[] = FileCategorySchema.values
  .filter((value) => value.number !== FileCategory.UNSPECIFIED)
  .map((value) => {
    const policy = getOption(value, category_policy);
    return {
      name: value.name.slice(PREFIX.length),
      category: value.number,
      mediaTypes: policy.mediaTypes,
      maxBytes: Number(policy.maxBytes),
      public: policy.public,
    };
  });

export const CATEGORY_NAMES = CATEGORIES.map((row) => row.name) as [string, ...string[]];

export const IMAGE_WIDTHS: readonly number[] = ImageWidthSchema.values
  .map((value) => value.number)
  .filter((width) => width !== ImageWidth.IMAGE_WIDTH_UNSPECIFIED);

/** The largest upload any category takes: beyond it nobody reads on. */
export const LARGEST_UPLOAD = Math.max(...CATEGORIES.map((row) => row.maxBytes));

const size = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** The policy table as Markdown, for the OpenAPI document. */
export function policyTableMarkdown(): string {
  return [
    '| category | accepted types (judged from the bytes) | largest | served |',
    '|---|---|---|---|',
    ...CATEGORIES.map(
      (row) =>
        `| \`${row.name}\` | ${row.mediaTypes.join(', ')} | ${size(row.maxBytes)} (${row.maxBytes} bytes) | ${row.public ? 'public, by id' : 'private, by signed link only'} |`,
    ),
  ].join('\n');
}
