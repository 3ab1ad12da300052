// How complete a resume is: which parts are filled, weighted. Applying to postings reuses it
// (resumes/{id}/recruitments/completion), so the weights live in one place.
import type { PersonalInfo, SectionName } from './rules.ts';

export type CompletenessPart = 'personal' | 'picture' | SectionName | 'custom';

const COMPLETENESS_WEIGHTS: Record<CompletenessPart, number> = {
  personal: 20,
  picture: 10,
  educations: 15,
  jobs: 20,
  skills: 10,
  languages: 10,
  certificates: 5,
  publications: 5,
  custom: 5,
};

export interface Completeness {
  score: number;
  sections: Record<CompletenessPart, boolean>;
}

/** Personal information counts once it says who, what and how to reach them. */
function personalIsFilled(info: PersonalInfo): boolean {
  return Boolean(
    info.firstName && info.lastName && info.jobTitle && (info.province || info.city) && (info.email || info.phone),
  );
}

export function completeness(input: {
  personal: PersonalInfo;
  picture: boolean;
  custom: boolean;
  counts: Record<SectionName, number>;
}): Completeness {
  const sections: Record<CompletenessPart, boolean> = {
    personal: personalIsFilled(input.personal),
    picture: input.picture,
    educations: input.counts.educations > 0,
    jobs: input.counts.jobs > 0,
    skills: input.counts.skills > 0,
    certificates: input.counts.certificates > 0,
    publications: input.counts.publications > 0,
    languages: input.counts.languages > 0,
    custom: input.custom,
  };
  const score = (Object.keys(sections) as CompletenessPart[]).reduce(
    (sum, part) => sum + (sections[part] ? COMPLETENESS_WEIGHTS[part] : 0),
    0,
  );
  return { score, sections };
}
