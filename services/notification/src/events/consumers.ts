// Every fact this service learns or tells people about, from the bus. Each event is handled
// once (handleOnce, in the transaction that writes its effects): a redelivery writes nothing.
import {
  decodeBusMessage,
  handleOnce,
  inPgTransaction,
  pgExecutor,
  type BusMessage,
  type Consumer,
  type EventBus,
} from '@darmankar/platform/events/index';
import {
  UserCellphoneChangedSchema,
  UserEmailVerifiedSchema,
  UserRegisteredSchema,
} from '@darmankar/proto/auth/v1/events_pb';
import { ResourceKind } from '@darmankar/proto/billing/v1/billing_pb';
import {
  OrderPaidSchema,
  PlanExpiredSchema,
  PlanExpiringSchema,
  ResourcesLowSchema,
  WalletToppedUpSchema,
} from '@darmankar/proto/billing/v1/events_pb';
import {
  AgentInvitedSchema,
  AgentLinkedSchema,
  AgentPermissionsChangedSchema,
  AgentRemovedSchema,
  EmployerCreatedSchema,
  EmployerUpdatedSchema,
} from '@darmankar/proto/employer/v1/events_pb';
import { ApplicationChange, ApplicationState } from '@darmankar/proto/hiring/v1/hiring_pb';
import { ApplicationChangedSchema } from '@darmankar/proto/hiring/v1/events_pb';
import { JobAlertSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import { ResumeCreatedSchema } from '@darmankar/proto/resume/v1/events_pb';
import { ContactMessageReceivedSchema } from '@darmankar/proto/seo/v1/events_pb';
import type pg from 'pg';
import type { Directory } from '../domain/directory.ts';
import type { Reactions } from '../domain/reactions.ts';
import type { Sql } from '../domain/sql.ts';

export const GROUP = 'notification';

export const TOPICS = [
  'auth.user.v1',
  'employer.employer.v1',
  'employer.agent.v1',
  'resume.resume.v1',
  'recruitment.job-alert.v1',
  'hiring.application.v1',
  'billing.order.v1',
  'billing.plan.v1',
  // The contact form's messages: their senders get an acknowledgement by email.
  'seo.contact.v1',
] as const;

type Handler = (sql: Sql, message: BusMessage) => Promise<void>;

function handlers(directory: Directory, reactions: Reactions): Record<string, Handler> {
  const at = (message: BusMessage) => message.occurredAt.getTime();
  return {
    [UserRegisteredSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(UserRegisteredSchema, m);
      return directory.learnCellphone(sql, e.userId, e.cellphone, at(m));
    },
    [UserCellphoneChangedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(UserCellphoneChangedSchema, m);
      return directory.learnCellphone(sql, e.userId, e.newCellphone, at(m));
    },
    [UserEmailVerifiedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(UserEmailVerifiedSchema, m);
      return directory.learnVerifiedEmail(sql, e.userId, e.email, at(m));
    },
    [EmployerCreatedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(EmployerCreatedSchema, m);
      return directory.learnEmployer(sql, {
        id: e.employerId,
        slug: e.slug,
        brand: e.brand,
        ownerUserId: e.ownerUserId,
      });
    },
    [EmployerUpdatedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(EmployerUpdatedSchema, m);
      return directory.updateEmployer(sql, e.employerId, e.slug, e.brand);
    },
    [AgentInvitedSchema.typeName]: async (sql, m) => {
      const e = decodeBusMessage(AgentInvitedSchema, m);
      await directory.learnAgent(sql, { id: e.agentId, employerId: e.employerId, permissions: e.permissions });
      await reactions.agentInvited(sql, {
        agentId: e.agentId,
        employerId: e.employerId,
        cellphone: e.cellphone,
        brand: e.employerBrand,
        firstName: e.firstName,
      });
    },
    [AgentLinkedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(AgentLinkedSchema, m);
      return directory.learnAgent(sql, { id: e.agentId, employerId: e.employerId, userId: e.userId });
    },
    [AgentPermissionsChangedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(AgentPermissionsChangedSchema, m);
      return directory.learnAgent(sql, {
        id: e.agentId,
        employerId: e.employerId,
        userId: e.userId,
        permissions: e.permissions,
      });
    },
    [AgentRemovedSchema.typeName]: (sql, m) =>
      directory.removeAgent(sql, decodeBusMessage(AgentRemovedSchema, m).agentId),
    [ResumeCreatedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(ResumeCreatedSchema, m);
      return directory.learnResume(sql, e.resumeId, e.slug, e.ownerUserId);
    },
    [JobAlertSchema.typeName]: (sql, m) => reactions.jobAlert(sql, decodeBusMessage(JobAlertSchema, m)),
    [ApplicationChangedSchema.typeName]: async (sql, m) => {
      const e = decodeBusMessage(ApplicationChangedSchema, m);
      if (e.change === ApplicationChange.APPLIED) {
        await reactions.applied(sql, {
          applicationId: e.applicationId,
          employerId: e.employerId,
          postingId: e.postingId,
          postingTitle: e.postingTitle,
        });
        return;
      }
      const kind =
        e.state === ApplicationState.ACCEPTED
          ? 'application_accepted'
          : e.change === ApplicationChange.REJECTED
            ? 'application_rejected'
            : e.change === ApplicationChange.MOVED
              ? 'application_moved'
              : null;
      if (!kind) return;
      await reactions.applicationStatus(sql, {
        applicationId: e.applicationId,
        version: e.version,
        resumeId: e.resumeId,
        applicantUserId: e.applicantUserId,
        kind,
        postingTitle: e.postingTitle,
        stepName: e.step?.name ?? '',
      });
    },
    [OrderPaidSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(OrderPaidSchema, m);
      return reactions.billing(sql, {
        employerId: e.employerId,
        kind: 'order_paid',
        cause: `order-paid:${e.orderId}`,
        params: { orderId: e.orderId, orderNumber: Number(e.orderNumber), totalRials: String(e.total?.rials ?? 0n) },
        page: 'orders',
      });
    },
    [WalletToppedUpSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(WalletToppedUpSchema, m);
      return reactions.billing(sql, {
        employerId: e.employerId,
        kind: 'wallet_topped_up',
        cause: `wallet-topped-up:${e.employerId}:${e.paymentNumber}`,
        params: {
          paymentNumber: Number(e.paymentNumber),
          amountRials: String(e.amount?.rials ?? 0n),
          balanceRials: String(e.balance?.rials ?? 0n),
        },
        page: 'wallet',
      });
    },
    [PlanExpiringSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(PlanExpiringSchema, m);
      return reactions.billing(sql, {
        employerId: e.employerId,
        kind: 'plan_expiring',
        cause: `plan-expiring:${e.purchasedPlanId}`,
        params: { planTitle: e.planTitle, daysLeft: e.daysLeft },
        page: 'orders',
      });
    },
    [PlanExpiredSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(PlanExpiredSchema, m);
      return reactions.billing(sql, {
        employerId: e.employerId,
        kind: 'plan_expired',
        cause: `plan-expired:${e.purchasedPlanId}`,
        params: { planTitle: e.planTitle },
        page: 'orders',
      });
    },
    [ResourcesLowSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(ResourcesLowSchema, m);
      const resource = e.kind === ResourceKind.FEATURED ? 'featured' : 'recruitment';
      return reactions.billing(sql, {
        employerId: e.employerId,
        kind: 'resources_low',
        cause: `resources-low:${e.purchasedPlanId}:${resource}`,
        params: { resource, remaining: e.remaining },
        page: 'orders',
      });
    },
    [ContactMessageReceivedSchema.typeName]: async (sql, m) => {
      const e = decodeBusMessage(ContactMessageReceivedSchema, m);
      await reactions.contactReceived(sql, {
        messageId: e.messageId,
        name: e.name,
        email: e.email,
        subject: e.subject,
        locale: e.locale,
      });
    },
  };
}

export function consumeEvents(
  bus: EventBus,
  pool: pg.Pool,
  directory: Directory,
  reactions: Reactions,
): Promise<Consumer> {
  const byType = handlers(directory, reactions);
  return bus.subscribe({
    group: GROUP,
    topics: [...TOPICS],
    handler: async (message) => {
      const handle = byType[message.type];
      if (!handle) return;
      await inPgTransaction(pool, (client) =>
        handleOnce(pgExecutor(client), GROUP, message, () => handle(client as unknown as Sql, message)),
      );
    },
  });
}
