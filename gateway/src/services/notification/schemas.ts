// The zod schemas of the notification service's REST surface (docs/notifications.md). Ids are
// taken as they come: the service answers EXC_NOTIFICATIONS_NOT_FOUND for one that names no
// notification of the caller, a malformed one included.
import { z } from 'zod';
import { pageNumberQuery } from '../../http/validate.ts';

export const CATEGORIES = ['security', 'job_alert', 'application_status', 'new_application', 'billing'] as const;
export const JOB_ALERT_FREQUENCIES = ['immediate', 'daily'] as const;

export const notificationParams = z.object({
  id: z.string().min(1).max(100).meta({ description: 'The notification id.' }),
});

export const listQuery = z.object({
  page: pageNumberQuery('EXC_PAGINATION_PAGE_IS_INVALID').meta({ description: 'From 1.' }),
  pageSize: pageNumberQuery('EXC_PAGINATION_PAGE_SIZE_IS_INVALID').meta({
    description: 'From 1 to 50; 20 by default.',
  }),
  locale: z
    .enum(['fa', 'en'])
    .optional()
    .meta({ description: 'The language of titles and bodies; else Accept-Language; fa by default.' }),
});

export const engagementQuery = z.object({
  to: z
    .string()
    .max(2000, { error: 'EXC_NOTIFICATIONS_LINK_IS_INVALID' })
    .optional()
    .meta({ description: "A path of the web site (e.g. /notifications); absent: the notification's own link." }),
});

export const notificationSchema = z.object({
  id: z.string(),
  category: z.string().meta({ description: 'A preference category, or `agent_invite`.' }),
  kind: z.string().meta({ description: 'What happened, e.g. `job_alert`, `application_rejected`, `order_paid`.' }),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable().meta({
    description: 'The engagement path `/api/v1/notifications/{id}/engagements?to=<encoded site path>`, or null.',
  }),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});

const pageInfoSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

export const listResponse = z.object({
  items: z.array(notificationSchema),
  page: pageInfoSchema,
  unread: z.number().int(),
});
export const unreadResponse = z.object({ unread: z.number().int() });
export const redirectResponse = z.object({
  location: z.string().meta({ description: 'The web app page a browser is redirected to.' }),
});
export const readAllResponse = z.object({ updated: z.number().int() });

const channelValue = z.boolean().nullable();
export const preferencesResponse = z.object({
  preferences: z.array(
    z.object({
      category: z.enum(CATEGORIES),
      channels: z
        .object({ sms: channelValue, email: channelValue, inApp: channelValue })
        .meta({ description: 'null: the category does not offer the channel.' }),
      locked: z.boolean().meta({ description: 'Shown but cannot be turned off.' }),
    }),
  ),
  jobAlertFrequency: z.enum(JOB_ALERT_FREQUENCIES),
  emailVerified: z.boolean().meta({ description: 'Email is sent only to a verified address.' }),
});

export const preferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        category: z.string().max(50),
        channels: z.object({
          sms: z.boolean().optional(),
          email: z.boolean().optional(),
          inApp: z.boolean().optional(),
        }),
      }),
    )
    .max(20),
  jobAlertFrequency: z.enum(JOB_ALERT_FREQUENCIES, { error: 'EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID' }).optional(),
});

export type NotificationJson = z.infer<typeof notificationSchema>;
export type PreferencesJson = z.infer<typeof preferencesResponse>;
export type PreferencesInput = z.infer<typeof preferencesBody>;
