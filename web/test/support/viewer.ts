// A logged-in viewer for tests of the header's and navbar's choices.
import { LOGGED_OUT, type EmployerSummary, type Viewer } from '../../app/lib/viewer.ts';

/** A viewer who owns an employer for each slug (ids 1, 2, …). */
export function viewerWithEmployers(...slugs: string[]): Viewer {
  const employers = slugs.map((slug, index): EmployerSummary => ({
    id: String(index + 1),
    slug,
    brand: slug,
    registeredName: null,
    logo: null,
    isSelfEmployed: false,
    role: 'owner',
    permissions: [],
    isProfileCompleted: true,
  }));
  return { ...LOGGED_OUT, isLoggedIn: true, employers };
}
