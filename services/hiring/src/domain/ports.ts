// What hiring asks the other services, declared as the domain needs it; src/adapters/
// implements each over gRPC and app.ts injects them. The files service is asked through the
// platform's FileClaims (hold, release a hold, read links).

export type StepKind = 'in_review' | 'interview' | 'offer' | 'accepted' | 'rejected';

export interface StepRef {
  id: string;
  name: string;
  kind: StepKind;
}

export interface TemplateRef {
  id: string;
  name: string;
  isDefault: boolean;
  /** In the template's order. */
  steps: StepRef[];
}

/** The caller's resume as the application copies it. */
export interface ResumeCopy {
  id: string;
  /** The resume service's Resume message as JSON, private fields included. */
  snapshot: unknown;
  firstName: string;
  lastName: string;
  pictureFileId: string | null;
  customFileId: string | null;
  customFileName: string | null;
  /** The latest job's title by start date; empty without jobs. */
  latestJobTitle: string;
  province: string;
  city: string;
  phone: string | null;
  email: string | null;
}

export interface ResumeReader {
  /** The caller's own resume, or null when they have none. */
  currentOf(userId: string): Promise<ResumeCopy | null>;
}

export type PostingStatus = 'draft' | 'published' | 'archived' | 'closed';

export interface PostingRef {
  id: string;
  status: PostingStatus;
  title: string;
  slug: string;
  jobCategory: string;
  employerId: string;
  /** The posting's hiring template; null for the employer's default one. */
  templateId: string | null;
}

export interface PostingReader {
  /**
   * The posting as `userId` may read it: any status for the employer's members, published for
   * anyone else. EXC_RECRUITMENTS_NOT_FOUND when there is none; EXC_AUTHORIZATION_FORBIDDEN
   * when it exists but is not the caller's to read (a draft, archived or closed posting).
   */
  postingFor(userId: string, postingId: string): Promise<PostingRef>;
}

export interface EmployerCard {
  id: string;
  slug: string;
  brand: string;
  logoFileId: string | null;
  ownerUserId: string;
}

export interface EmployerDirectory {
  /** EXC_EMPLOYERS_NOT_FOUND when there is no such employer. */
  summary(employerId: string): Promise<EmployerCard>;
  /** The employer's templates, read as `userId` (a member who may read them). */
  templates(userId: string, employerId: string): Promise<TemplateRef[]>;
  /** +1 when `reference` (an application id) lands on the step, -1 when it leaves; idempotent by reference. */
  markStepInUse(stepId: string, delta: 1 | -1, reference: string): Promise<void>;
}
