import { index, route, type RouteConfig } from '@react-router/dev/routes';

// Every page sits under an optional locale segment: Persian has no prefix (`/login`),
// English is `/en/login`. The site layout draws the header, footer and error pages.
export default [
  route(':locale?', 'routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('about-us', 'routes/about.tsx'),
    route('contact-us', 'routes/contact.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('employers', 'routes/employers.tsx'),
    route('employers/add', 'routes/employer/add.tsx'),
    route('employers/add/:employerSlug', 'routes/employer/advanced.tsx'),
    route('employers/:employerSlug', 'routes/employer/profile.tsx'),
    route('employers/:employerSlug/edit', 'routes/employer/edit.tsx'),
    route('employers/:employerSlug/settings', 'routes/employer/settings.tsx'),
    route('settings/agent', 'routes/employer/agents.tsx'),
    route('settings/hiring-customization', 'routes/employer/hiring.tsx'),
    route('applicants/companies', 'routes/employer/companies.tsx'),
    route('login', 'routes/login.tsx'),
    route('login/verify', 'routes/login-verify.tsx'),
    route('login/role', 'routes/login-role.tsx'),
    route('logout', 'routes/logout.tsx'),
    route('something-went-wrong', 'routes/something-went-wrong.tsx'),
    route('applicants/resumes/add/:step', 'routes/resume/builder.tsx'),
    route('applicants/resumes/edit', 'routes/resume/edit.tsx'),
    route('applicants/resumes/:slug', 'routes/resume/view.tsx'),
    route('applicants/resumes/:slug/pdf', 'routes/resume/pdf.ts'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
