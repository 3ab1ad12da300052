// The suggestion categories, as the API names them. The closed lists (provinces, cities,
// industries …) are the platform's (@darmankar/platform/closed-lists, docs/adr/023); every other
// category has a data file of the same name in data/ (data/<name>.json). A category with a
// parent names the category its items belong to.
export const CATEGORIES = [
  'provinces',
  'cities',
  'universities',
  'fieldsOfStudy',
  'degreeLevels',
  'skills',
  'languages',
  'jobTitles',
  'jobCategories',
  'industries',
  'employmentTypes',
  'workTypes',
  'organizationalLevels',
  'benefits',
  'employerTypes',
  'ownershipTypes',
  'militaryServiceStatuses',
  'maritalStatuses',
  'medicalSpecialties',
  'facilityTypes',
  'rejectionReasons',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** Categories whose items belong to an item of another: a city to its province. */
export const PARENT_CATEGORY: Partial<Record<Category, Category>> = { cities: 'provinces' };

export function isCategory(name: string): name is Category {
  return (CATEGORIES as readonly string[]).includes(name);
}
