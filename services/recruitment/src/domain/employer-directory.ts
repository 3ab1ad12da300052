// What postings ask the employer service besides access (the platform's access client answers
// that): the employer a posting shows, whether its profile is complete, whether a hiring
// template is the employer's, and which postings stand on a template. The port is declared here;
// src/adapters/employer-directory.ts implements it over gRPC and app.ts injects it.

export interface EmployerCard {
  id: string;
  slug: string;
  brand: string;
  logo: string | null;
  isProfileCompleted: boolean;
}

export interface EmployerDirectory {
  /** EXC_EMPLOYERS_NOT_FOUND when there is no such employer. */
  summary(employerId: string): Promise<EmployerCard>;
  /** Whether the template is one of the employer's, asked as `userId` (who may read its templates). */
  hasTemplate(userId: string, employerId: string, templateId: string): Promise<boolean>;
  /** +1 when `reference` (a posting id) starts using the template, -1 when it stops; idempotent by reference. */
  markTemplateInUse(templateId: string, delta: 1 | -1, reference: string): Promise<void>;
}
