import { createLogger } from '@darmankar/platform/log';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, startServiceUnderTest } from '@darmankar/platform/testing';
import { ResumeService } from '@darmankar/proto/resume/v1/resume_pb';
import { randomUUID } from 'node:crypto';
import { resumeConfig, resumeService } from '@darmankar/resume';
const db = await createTestDatabase('probe', serviceMigrationSets(resumeService.dir));
const t = await startServiceUnderTest(ResumeService, () => resumeService.start(resumeConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url, GRPC_PORT: '0' }), { log: createLogger('x', 'silent') }));
const user = randomUUID();
const { resume } = await t.client.createResume({ personal: { firstName: 'a', lastName: 'b' } }, { userId: user });
for (const s of [1,2,3]) await t.client.addItem({ resumeId: resume!.id, item: { item: { case: 'skill', value: { name: 'x' + s, level: 'expert' } } } } as never, { userId: user });
for (let round = 0; round < 3; round++) {
  let start = performance.now();
  for (let i = 0; i < 100; i++) await t.client.getResumeBySlug({ slug: resume!.slug });
  console.log('sequential per call ms', (performance.now() - start) / 100);
  start = performance.now();
  await Promise.all(Array.from({ length: 200 }, () => t.client.getResumeBySlug({ slug: resume!.slug })));
  console.log('200 concurrent, total ms', performance.now() - start);
}
await t.stop(); await db.drop();
