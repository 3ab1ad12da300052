// The contract's policy table (FileCategory's category_policy options) and image widths,
// read into the domain's shapes. The gateway reads the same options to document the table.
import { getOption } from '@bufbuild/protobuf';
import {
  category_policy,
  FileCategory,
  FileCategorySchema,
  ImageWidth,
  ImageWidthSchema,
} from '@darmankar/proto/files/v1/files_pb';
import type { CategoryPolicy, PolicyTable } from '../domain/policy.ts';

const PREFIX = 'FILE_CATEGORY_';

function categoryValues() {
  return FileCategorySchema.values.filter((value) => value.number !== FileCategory.UNSPECIFIED);
}

export function policyTable(): PolicyTable {
  return new Map<string, CategoryPolicy>(
    categoryValues().map((value) => {
      const policy = getOption(value, category_policy);
      return [
        value.name.slice(PREFIX.length),
        { mediaTypes: policy.mediaTypes, maxBytes: Number(policy.maxBytes), public: policy.public },
      ];
    }),
  );
}

/** The category's name (LOGO, ...), or undefined for UNSPECIFIED and numbers the contract does not have. */
export function categoryName(category: FileCategory): string | undefined {
  return categoryValues()
    .find((value) => value.number === category)
    ?.name.slice(PREFIX.length);
}

export function imageWidths(): number[] {
  return ImageWidthSchema.values
    .map((value) => value.number)
    .filter((width) => width !== ImageWidth.IMAGE_WIDTH_UNSPECIFIED);
}
