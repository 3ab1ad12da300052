// What each upload category accepts. The table itself is the contract's (FileCategory's
// category_policy options); the handlers read it into these shapes for the domain.

export interface CategoryPolicy {
  /** Media types the bytes must turn out to be. */
  mediaTypes: readonly string[];
  maxBytes: number;
  /** Served to anyone by id; otherwise only through a signed link. */
  public: boolean;
}

/** Category name (LOGO, RESUME_PICTURE, ...) to its policy. */
export type PolicyTable = ReadonlyMap<string, CategoryPolicy>;

export const IMAGE_MEDIA_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);
