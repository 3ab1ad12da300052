// Hiring templates: named, ordered steps whose kind tells hiring whether an application is
// decided. Every employer gets a default one; what postings or applications stand on stays.
import { randomUUID } from 'node:crypto';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { cleanText } from '@darmankar/platform/persian';
import { DEFAULT_STEPS, DEFAULT_TEMPLATE_NAME } from '@darmankar/platform/hiring-defaults';
import type { Database, StepRow, TemplateRow, Transaction } from '../db/client.ts';
import { isUuid } from '@darmankar/platform/input';
import { requireAccess, type Action } from './access.ts';
import { throwIfAny } from './profile.ts';

export const STEP_KINDS = ['in_review', 'interview', 'offer', 'accepted', 'rejected'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

// The default template's names live in the platform, where the web app reads them too.
export { DEFAULT_STEPS, DEFAULT_TEMPLATE_NAME };

/** Reading templates: whoever edits the profile, posts ads or manages applications. */
const READERS: readonly Action[] = ['EmployerEdit', 'RecruitmentCreate', 'RecruitmentEdit', 'ApplyManage'];
const WRITERS: readonly Action[] = ['EmployerEdit'];

export interface StepView {
  id: string;
  name: string;
  kind: StepKind;
  position: number;
}

export interface TemplateView {
  id: string;
  name: string;
  isDefault: boolean;
  steps: StepView[];
}

const stepView = (row: StepRow): StepView => ({
  id: row.id,
  name: row.name,
  kind: row.kind as StepKind,
  position: row.position,
});
const templateView = (row: TemplateRow & { steps: StepRow[] }): TemplateView => ({
  id: row.id,
  name: row.name,
  isDefault: row.isDefault,
  steps: [...row.steps].sort((a, b) => a.position - b.position).map(stepView),
});

function parseName(input: string, required: ExcCode, tooLong: ExcCode, errors: ExcCode[]): string {
  // As typed (cleanText), on one line.
  const name = cleanText(input, { singleLine: true });
  if (name === '') errors.push(required);
  else if ([...name].length > 100) errors.push(tooLong);
  return name;
}

function parseKind(input: string, errors: ExcCode[]): StepKind {
  if (!(STEP_KINDS as readonly string[]).includes(input)) errors.push('EXC_EMPLOYERS_STEP_KIND_IS_INVALID');
  return input as StepKind;
}

/** The kinds that decide an application; a template's last steps are normally of these. */
export const CLOSING_KINDS: readonly StepKind[] = ['accepted', 'rejected'];

/**
 * Where a new step goes in steps of `kinds` (in order): before the closing steps at the end
 * (accepted, rejected), so a new interview is not placed after "rejected"; a new closing step,
 * or a template without closing steps at its end, gets it last.
 */
export function insertPosition(kinds: readonly StepKind[], kind: StepKind): number {
  if (CLOSING_KINDS.includes(kind)) return kinds.length;
  let position = kinds.length;
  while (position > 0 && CLOSING_KINDS.includes(kinds[position - 1]!)) position--;
  return position;
}

async function addTemplate(
  tx: Transaction,
  employerId: string,
  name: string,
  isDefault: boolean,
  now: Date,
): Promise<TemplateRow & { steps: StepRow[] }> {
  const id = randomUUID();
  return tx.template.create({
    data: {
      id,
      employerId,
      name,
      isDefault,
      inUse: 0,
      createdAt: now,
      steps: {
        create: DEFAULT_STEPS.map((step, position) => ({
          id: randomUUID(),
          name: step.name,
          kind: step.kind,
          position,
          inUse: 0,
        })),
      },
    },
    include: { steps: true },
  });
}

export function createDefaultTemplate(tx: Transaction, employerId: string, now: Date): Promise<unknown> {
  return addTemplate(tx, employerId, DEFAULT_TEMPLATE_NAME, true, now);
}

export class Templates {
  constructor(
    private readonly db: Database,
    private readonly clock: () => number,
  ) {}

  private async template(
    tx: Transaction | Database,
    employerId: string,
    templateId: string,
  ): Promise<TemplateRow & { steps: StepRow[] }> {
    const row = isUuid(templateId)
      ? await tx.template.findFirst({ where: { id: templateId, employerId }, include: { steps: true } })
      : null;
    if (!row) throw new DomainError('EXC_HIRING_TEMPLATE_NOT_FOUND');
    return row;
  }

  async list(userId: string | undefined, employerId: string): Promise<TemplateView[]> {
    await requireAccess(this.db, employerId, userId, READERS);
    const rows = await this.db.template.findMany({
      where: { employerId },
      include: { steps: true },
      orderBy: [{ isDefault: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(templateView);
  }

  async create(userId: string | undefined, employerId: string, nameInput: string): Promise<TemplateView> {
    await requireAccess(this.db, employerId, userId, WRITERS);
    const errors: ExcCode[] = [];
    const name = parseName(
      nameInput,
      'EXC_EMPLOYERS_TEMPLATE_NAME_IS_REQUIRED',
      'EXC_EMPLOYERS_TEMPLATE_NAME_IS_TOO_LONG',
      errors,
    );
    throwIfAny(errors);
    return templateView(
      await this.db.$transaction((tx) => addTemplate(tx, employerId, name, false, new Date(this.clock()))),
    );
  }

  async rename(
    userId: string | undefined,
    employerId: string,
    templateId: string,
    nameInput: string,
  ): Promise<TemplateView> {
    await requireAccess(this.db, employerId, userId, WRITERS);
    const errors: ExcCode[] = [];
    const name = parseName(
      nameInput,
      'EXC_EMPLOYERS_TEMPLATE_NAME_IS_REQUIRED',
      'EXC_EMPLOYERS_TEMPLATE_NAME_IS_TOO_LONG',
      errors,
    );
    throwIfAny(errors);
    await this.template(this.db, employerId, templateId);
    return templateView(
      await this.db.template.update({ where: { id: templateId }, data: { name }, include: { steps: true } }),
    );
  }

  async remove(userId: string | undefined, employerId: string, templateId: string): Promise<void> {
    await requireAccess(this.db, employerId, userId, WRITERS);
    await this.db.$transaction(async (tx) => {
      // Locks the row, so a posting marking it in use meanwhile waits and then sees it gone.
      const locked = isUuid(templateId)
        ? await tx.$queryRaw<
            TemplateRow[]
          >`SELECT id, is_default AS "isDefault", in_use AS "inUse" FROM templates WHERE id = ${templateId}::uuid AND employer_id = ${employerId}::uuid FOR UPDATE`
        : [];
      const row = locked[0];
      if (!row) throw new DomainError('EXC_HIRING_TEMPLATE_NOT_FOUND');
      if (row.isDefault) throw new DomainError('EXC_EMPLOYERS_TEMPLATE_IS_DEFAULT');
      if (row.inUse > 0) throw new DomainError('EXC_EMPLOYERS_TEMPLATE_IS_IN_USE');
      const stepsInUse = await tx.step.count({ where: { templateId, inUse: { gt: 0 } } });
      if (stepsInUse > 0) throw new DomainError('EXC_EMPLOYERS_STEP_IS_IN_USE');
      await tx.template.delete({ where: { id: templateId } });
    });
  }

  async steps(userId: string | undefined, employerId: string, templateId: string): Promise<StepView[]> {
    await requireAccess(this.db, employerId, userId, READERS);
    return templateView(await this.template(this.db, employerId, templateId)).steps;
  }

  async addStep(
    userId: string | undefined,
    employerId: string,
    templateId: string,
    input: { name: string; kind: string },
  ): Promise<StepView> {
    await requireAccess(this.db, employerId, userId, WRITERS);
    const errors: ExcCode[] = [];
    const name = parseName(
      input.name,
      'EXC_EMPLOYERS_STEP_NAME_IS_REQUIRED',
      'EXC_EMPLOYERS_STEP_NAME_IS_TOO_LONG',
      errors,
    );
    const kind = parseKind(input.kind, errors);
    throwIfAny(errors);
    return this.db.$transaction(async (tx) => {
      const template = await this.template(tx, employerId, templateId);
      const ordered = [...template.steps].sort((a, b) => a.position - b.position);
      const position = insertPosition(
        ordered.map((step) => step.kind as StepKind),
        kind,
      );
      // The closing steps after it move one place down; positions stay dense.
      for (const [index, step] of ordered.entries()) {
        const wanted = index < position ? index : index + 1;
        if (step.position !== wanted) await tx.step.update({ where: { id: step.id }, data: { position: wanted } });
      }
      return stepView(await tx.step.create({ data: { id: randomUUID(), templateId, name, kind, position, inUse: 0 } }));
    });
  }

  async sort(
    userId: string | undefined,
    employerId: string,
    templateId: string,
    stepIds: string[],
  ): Promise<StepView[]> {
    await requireAccess(this.db, employerId, userId, WRITERS);
    return this.db.$transaction(async (tx) => {
      const template = await this.template(tx, employerId, templateId);
      const current = new Set(template.steps.map((step) => step.id));
      if (
        stepIds.length !== current.size ||
        new Set(stepIds).size !== stepIds.length ||
        !stepIds.every((id) => current.has(id))
      ) {
        throw new DomainError('EXC_EMPLOYERS_STEPS_ORDER_IS_INVALID');
      }
      for (const [position, id] of stepIds.entries()) await tx.step.update({ where: { id }, data: { position } });
      return templateView(await this.template(tx, employerId, templateId)).steps;
    });
  }

  private async step(
    tx: Transaction | Database,
    employerId: string,
    templateId: string,
    stepId: string,
  ): Promise<StepRow> {
    const template = await this.template(tx, employerId, templateId);
    const step = template.steps.find((candidate) => candidate.id === stepId);
    if (!step) throw new DomainError('EXC_EMPLOYERS_STEP_NOT_FOUND');
    return step;
  }

  async updateStep(
    userId: string | undefined,
    employerId: string,
    templateId: string,
    stepId: string,
    input: { name: string; kind: string },
  ): Promise<StepView> {
    await requireAccess(this.db, employerId, userId, WRITERS);
    const errors: ExcCode[] = [];
    const name = parseName(
      input.name,
      'EXC_EMPLOYERS_STEP_NAME_IS_REQUIRED',
      'EXC_EMPLOYERS_STEP_NAME_IS_TOO_LONG',
      errors,
    );
    const kind = parseKind(input.kind, errors);
    throwIfAny(errors);
    await this.step(this.db, employerId, templateId, stepId);
    return stepView(await this.db.step.update({ where: { id: stepId }, data: { name, kind } }));
  }

  async removeStep(userId: string | undefined, employerId: string, templateId: string, stepId: string): Promise<void> {
    await requireAccess(this.db, employerId, userId, WRITERS);
    await this.db.$transaction(async (tx) => {
      await this.step(tx, employerId, templateId, stepId);
      const locked = await tx.$queryRaw<
        { inUse: number }[]
      >`SELECT in_use AS "inUse" FROM steps WHERE id = ${stepId}::uuid FOR UPDATE`;
      // Deleted by a call at the same moment, which held the row until it committed.
      if (!locked[0]) throw new DomainError('EXC_EMPLOYERS_STEP_NOT_FOUND');
      if (locked[0].inUse > 0) throw new DomainError('EXC_EMPLOYERS_STEP_IS_IN_USE');
      await tx.step.delete({ where: { id: stepId } });
      // Positions stay dense, so the next sort and append agree with what is shown.
      const rest = await tx.step.findMany({ where: { templateId }, orderBy: { position: 'asc' } });
      for (const [position, step] of rest.entries())
        if (step.position !== position) await tx.step.update({ where: { id: step.id }, data: { position } });
    });
  }

  /**
   * Called by the service whose postings use the template: +1 when `reference` (a posting id)
   * starts using it, -1 when it stops. Idempotent by reference (one usage row each), so a
   * retried call counts once and a -1 without a +1 changes nothing; `in_use` is the count.
   */
  async markTemplate(templateId: string, delta: number, reference: string): Promise<number> {
    if (!isUuid(templateId)) throw new DomainError('EXC_HIRING_TEMPLATE_NOT_FOUND');
    const ref = parseUsage(delta, reference);
    return this.db.$transaction(async (tx) => {
      // The template row is locked first, so a concurrent delete or mark waits.
      const locked = await tx.$queryRaw<
        { inUse: number }[]
      >`SELECT in_use AS "inUse" FROM templates WHERE id = ${templateId}::uuid FOR UPDATE`;
      if (!locked[0]) throw new DomainError('EXC_HIRING_TEMPLATE_NOT_FOUND');
      const changed =
        delta > 0
          ? await tx.$executeRaw`INSERT INTO template_usages (template_id, reference_id, created_at) VALUES (${templateId}::uuid, ${ref}, ${new Date(this.clock())}) ON CONFLICT DO NOTHING`
          : await tx.$executeRaw`DELETE FROM template_usages WHERE template_id = ${templateId}::uuid AND reference_id = ${ref}`;
      if (changed === 0) return locked[0].inUse;
      const rows = await tx.$queryRaw<
        { inUse: number }[]
      >`UPDATE templates SET in_use = GREATEST(in_use + ${Math.sign(delta)}, 0) WHERE id = ${templateId}::uuid RETURNING in_use AS "inUse"`;
      return rows[0]!.inUse;
    });
  }

  /** Called by the service whose applications stand on the step: as markTemplate, by reference (an application id). */
  async markStep(stepId: string, delta: number, reference: string): Promise<number> {
    if (!isUuid(stepId)) throw new DomainError('EXC_EMPLOYERS_STEP_NOT_FOUND');
    const ref = parseUsage(delta, reference);
    return this.db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<
        { inUse: number }[]
      >`SELECT in_use AS "inUse" FROM steps WHERE id = ${stepId}::uuid FOR UPDATE`;
      if (!locked[0]) throw new DomainError('EXC_EMPLOYERS_STEP_NOT_FOUND');
      const changed =
        delta > 0
          ? await tx.$executeRaw`INSERT INTO step_usages (step_id, reference_id, created_at) VALUES (${stepId}::uuid, ${ref}, ${new Date(this.clock())}) ON CONFLICT DO NOTHING`
          : await tx.$executeRaw`DELETE FROM step_usages WHERE step_id = ${stepId}::uuid AND reference_id = ${ref}`;
      if (changed === 0) return locked[0].inUse;
      const rows = await tx.$queryRaw<
        { inUse: number }[]
      >`UPDATE steps SET in_use = GREATEST(in_use + ${Math.sign(delta)}, 0) WHERE id = ${stepId}::uuid RETURNING in_use AS "inUse"`;
      return rows[0]!.inUse;
    });
  }
}

/** A usage change is +1 or -1 for one non-empty reference (at most 200 characters). */
function parseUsage(delta: number, reference: string): string {
  const ref = reference.trim();
  if ((delta !== 1 && delta !== -1) || ref === '' || ref.length > 200) throw new DomainError('EXC_BAD_REQUEST');
  return ref;
}
