// The public resume's PDF as a visitor downloads it: GET /applicants/resumes/{slug}/pdf on the
// web server, which prints the public page in Chromium (web/app/routes/resume/pdf.ts). Runs the
// whole product as the tests do (scripts/stack.ts, the built web app) and reports the first PDF
// (Chromium starting), then p50/p95 of sequential PDFs with the browser warm, each of a new
// version of the resume (printed) and of the same version again (kept), then a burst of
// BENCH_PDF_BURST at once for one new version (one print, shared).
// Environment: BENCH_PDF_REQUESTS (20), BENCH_PDF_BURST (8), TEST_POSTGRES_URL.
import os from 'node:os';
import { startStack } from '../scripts/stack.ts';
import { json, percentile } from './processes.ts';

const REQUESTS = Number(process.env.BENCH_PDF_REQUESTS ?? 20);
const BURST = Number(process.env.BENCH_PDF_BURST ?? 8);
const CELLPHONE = '09120000002';

const stack = await startStack({ name: 'bench-pdf' });
try {
  console.log(
    `Darmankar resume PDF benchmark — ${new Date().toISOString()}; load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const api = `${stack.gatewayUrl}/api/v1`;
  await json(await fetch(`${api}/authentication/cellphone/${CELLPHONE}`, { method: 'POST' }));
  const outbox = await json(await fetch(`${stack.gatewayUrl}/api/dev/outbox?to=${CELLPHONE}`));
  const code = (outbox.messages as Array<{ code?: string }>).find((message) => message.code)!.code!;
  const verified = await json(
    await fetch(`${api}/authentication/cellphone/${CELLPHONE}/verify?next=Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    }),
  );
  const headers = { authorization: `Bearer ${verified.session.accessToken}`, 'content-type': 'application/json' };
  const post = (route: string, body: unknown) =>
    fetch(`${api}/${route}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(json);
  const resume = await post('resumes', {
    firstName: 'سارا',
    lastName: 'محمدی',
    jobTitle: 'پرستار بخش مراقبت‌های ویژه',
    about: 'پنج سال کار در بخش ICU بیمارستان.',
  });
  await post(`resumes/${resume.id}/jobs`, {
    jobTitle: 'پرستار ICU',
    companyName: 'بیمارستان سینا',
    currentlyEmployed: true,
    startDate: '2020-03-21',
  });
  await post(`resumes/${resume.id}/educations`, {
    university: 'دانشگاه علوم پزشکی تهران',
    fieldOfStudy: 'پرستاری',
    degreeLevel: 'bachelor',
    gpa: 17.5,
    startYear: 1394,
    endYear: 1398,
    currentlyEnrolled: false,
  });
  await post(`resumes/${resume.id}/skills`, { name: 'مراقبت ویژه', level: 'advanced' });

  const pdfUrl = `${stack.webUrl}/applicants/resumes/${encodeURIComponent(resume.slug)}/pdf`;
  const timedPdf = async (): Promise<number> => {
    const startedAt = performance.now();
    const answer = await fetch(pdfUrl);
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (!answer.ok || bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error(`PDF answer ${answer.status}`);
    return performance.now() - startedAt;
  };
  // Each change of the resume is a new version, which is printed again; an unchanged one is kept.
  const change = (n: number) => post(`resumes/${resume.id}/skills`, { name: `مهارت ${n}`, level: 'advanced' });
  const first = await timedPdf();
  const warm: number[] = [];
  const cached: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    await change(i);
    warm.push(await timedPdf());
    cached.push(await timedPdf());
  }
  await change(REQUESTS);
  const burstStarted = performance.now();
  const burst = await Promise.all(Array.from({ length: BURST }, timedPdf));
  const burstTotal = performance.now() - burstStarted;

  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(`first PDF (Chromium starting): ${ms(first)}`);
  console.log(
    `a new version, browser warm: p50 ${ms(percentile(warm, 50))}, p95 ${ms(percentile(warm, 95))} (n=${warm.length})`,
  );
  console.log(
    `the same version again (kept): p50 ${ms(percentile(cached, 50))}, p95 ${ms(percentile(cached, 95))} (n=${cached.length})`,
  );
  console.log(
    `${BURST} at once for a new version (one print shared): all done in ${ms(burstTotal)}, slowest ${ms(burst.reduce((slowest, time) => Math.max(slowest, time), 0))}`,
  );
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await stack.stop();
}
