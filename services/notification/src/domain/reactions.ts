// Who is told what about each fact another service published. Plain inputs (the consumers in
// src/events decode the events); every write goes through the caller's transaction.
import { z } from 'zod';
import type { Directory, EmployerCopy } from './directory.ts';
import type { Notifier } from './notifier.ts';
import type { Sql } from './sql.ts';
import { toLocale } from './templates/index.ts';

/** The employer permissions (platform/employer-actions words) that receive each kind of news. */
export const HIRING_ACTION = 'ApplyManage';
export const BILLING_ACTION = 'Billing';

/** One mailbox: no display name, list, line break or anything else a mail header could be made of. */
const singleAddress = z.email();

/** A fact that refers to a copy not learned yet: thrown so the bus retries the event later. */
export class NotKnownYet extends Error {}

export class Reactions {
  constructor(
    private readonly directory: Directory,
    private readonly notifier: Notifier,
  ) {}

  private async employer(sql: Sql, employerId: string): Promise<EmployerCopy> {
    const employer = await this.directory.employer(sql, employerId);
    if (!employer) throw new NotKnownYet(`employer ${employerId} is not known yet`);
    return employer;
  }

  async jobAlert(
    sql: Sql,
    event: {
      userId: string;
      filterId: string;
      filterName: string;
      postingId: string;
      postingSlug: string;
      postingTitle: string;
      jobCategory: string;
    },
  ): Promise<void> {
    const link = `/applicants/recruitments/${encodeURIComponent(event.jobCategory)}/${encodeURIComponent(event.postingSlug)}`;
    await this.notifier.notifyUser(sql, {
      userId: event.userId,
      category: 'job_alert',
      kind: 'job_alert',
      causeKey: `job-alert:${event.filterId}:${event.postingId}`,
      params: { filterName: event.filterName, postingTitle: event.postingTitle },
      link,
    });
  }

  /** An application's status changed (moved, rejected, accepted): the applicant is told. */
  async applicationStatus(
    sql: Sql,
    event: {
      applicationId: string;
      version: bigint;
      resumeId: string;
      applicantUserId: string;
      kind: 'application_moved' | 'application_rejected' | 'application_accepted';
      postingTitle: string;
      stepName: string;
    },
  ): Promise<void> {
    const slug = await this.directory.resumeSlug(sql, event.resumeId);
    if (!slug) throw new NotKnownYet(`resume ${event.resumeId} is not known yet`);
    await this.notifier.notifyUser(sql, {
      userId: event.applicantUserId,
      category: 'application_status',
      kind: event.kind,
      causeKey: `application:${event.applicationId}:v${event.version}:${event.applicantUserId}`,
      params: { postingTitle: event.postingTitle, stepName: event.stepName },
      link: `/applicants/resumes/${encodeURIComponent(slug)}/recruitments`,
    });
  }

  /** Someone applied: the owner and the agents who manage applications, batched per posting and hour. */
  async applied(
    sql: Sql,
    event: { applicationId: string; employerId: string; postingId: string; postingTitle: string },
  ): Promise<void> {
    const employer = await this.employer(sql, event.employerId);
    for (const userId of await this.directory.peopleFor(sql, employer, HIRING_ACTION)) {
      await this.notifier.notifyBatched(sql, {
        userId,
        category: 'new_application',
        kind: 'new_application',
        batchKey: `new-application:${event.postingId}`,
        itemId: event.applicationId,
        params: { postingTitle: event.postingTitle },
        link: `/recruitments/${encodeURIComponent(event.postingId)}/apply-management`,
      });
    }
  }

  /** Billing news for the owner and the agents with Billing; `cause` identifies the fact. */
  async billing(
    sql: Sql,
    event: {
      employerId: string;
      kind: string;
      cause: string;
      params: Record<string, unknown>;
      page: 'orders' | 'wallet';
    },
  ): Promise<void> {
    const employer = await this.employer(sql, event.employerId);
    for (const userId of await this.directory.peopleFor(sql, employer, BILLING_ACTION)) {
      await this.notifier.notifyUser(sql, {
        userId,
        category: 'billing',
        kind: event.kind,
        causeKey: `${event.cause}:${userId}`,
        params: { ...event.params, brand: employer.brand },
        link: `/employers/${encodeURIComponent(employer.slug)}/${event.page}`,
      });
    }
  }

  async agentInvited(
    sql: Sql,
    event: { agentId: string; employerId: string; cellphone: string; brand: string; firstName: string },
  ): Promise<void> {
    await this.notifier.notifyCellphone(sql, {
      cellphone: event.cellphone,
      kind: 'agent_invited',
      causeKey: `agent-invited:${event.agentId}`,
      params: { brand: event.brand, firstName: event.firstName, employerId: event.employerId },
      link: '/login',
    });
  }

  /**
   * A message of the contact form was stored: its sender is told by email, once, that it
   * arrived. The sender need not be a user; an address that is not one plain mailbox gets
   * nothing (the seo service accepts no other, so this is a fact from elsewhere gone wrong).
   */
  async contactReceived(
    sql: Sql,
    event: { messageId: string; name: string; email: string; subject: string; locale: string },
  ): Promise<boolean> {
    const email = event.email.trim();
    if (email.length > 254 || !singleAddress.safeParse(email).success) return false;
    return this.notifier.notifyAddress(sql, {
      email,
      locale: toLocale(event.locale),
      kind: 'contact_received',
      causeKey: `contact-received:${event.messageId}`,
      params: { name: event.name, subject: event.subject },
    });
  }
}
