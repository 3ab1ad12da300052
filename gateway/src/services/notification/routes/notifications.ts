// notifications/*: the caller's notifications (list, unread count, read marks), their
// preferences, and the two links messages carry: the engagement link (records the click, then
// redirects to a page of the site) and the payment receipt's link.
import type { Request, Response } from 'express';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { BROWSER_ERROR_RESPONSE, browserErrorPage, prefersHtml } from '../../../http/browser-links.ts';
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { ModuleContext } from '../../module.ts';
import type { NotificationAdapter } from '../client.ts';
import {
  engagementQuery,
  listQuery,
  listResponse,
  notificationParams,
  preferencesBody,
  preferencesResponse,
  readAllResponse,
  redirectResponse,
  unreadResponse,
} from '../schemas.ts';

const TAG = 'notifications';
const PAGINATION: ExcCode[] = ['EXC_PAGINATION_PAGE_IS_INVALID', 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID'];

function localeOf(req: Request, asked: 'fa' | 'en' | undefined): 'fa' | 'en' {
  if (asked) return asked;
  return req.acceptsLanguages('fa', 'en') === 'en' ? 'en' : 'fa';
}

export function notificationRoutes(notifications: NotificationAdapter, { settings }: ModuleContext): RouteDefinition[] {
  const web = settings.PUBLIC_WEB_URL.replace(/\/+$/, '');
  const toWeb = (path: string) => `${web}${path}`;
  const browserError = browserErrorPage(toWeb);
  /** A browser is redirected (302); a JSON client is told where. */
  const redirect = (req: Request, res: Response, path: string) => {
    if (!prefersHtml(req)) return { location: toWeb(path) };
    res.redirect(302, toWeb(path));
    return undefined;
  };
  return [
    defineRoute({
      methods: ['get'],
      path: '/notifications',
      summary: "The caller's notifications, newest first, in their language",
      tag: TAG,
      session: 'required',
      query: listQuery,
      responses: [{ status: 200, description: 'A page of notifications and the unread count', body: listResponse }],
      errors: PAGINATION,
      handle: ({ query, req, meta }) =>
        notifications.list(
          { page: query.page ?? 0, pageSize: query.pageSize ?? 0, locale: localeOf(req, query.locale) },
          meta,
        ),
    }),
    defineRoute({
      methods: ['get'],
      path: '/notifications/unread-count',
      summary: "How many of the caller's notifications are unread",
      tag: TAG,
      session: 'required',
      responses: [{ status: 200, description: 'The unread count', body: unreadResponse }],
      errors: [],
      handle: async ({ meta }) => ({ unread: await notifications.unread(meta) }),
    }),
    defineRoute({
      methods: ['put'],
      path: '/notifications/read-all',
      summary: 'Marks every notification of the caller read',
      tag: TAG,
      session: 'required',
      responses: [{ status: 200, description: 'How many were unread', body: readAllResponse }],
      errors: [],
      handle: async ({ meta }) => ({ updated: await notifications.markAllRead(meta) }),
    }),
    defineRoute({
      methods: ['get'],
      path: '/notifications/preferences',
      summary: "The caller's notification preferences",
      tag: TAG,
      session: 'required',
      responses: [{ status: 200, description: 'Each category with its channels', body: preferencesResponse }],
      errors: [],
      handle: ({ meta }) => notifications.preferences(meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/notifications/preferences',
      summary: "Changes the caller's notification preferences (only the channels given)",
      tag: TAG,
      session: 'required',
      body: preferencesBody,
      responses: [{ status: 200, description: 'The preferences after the change', body: preferencesResponse }],
      errors: ['EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID'],
      handle: ({ body, meta }) => notifications.updatePreferences(body, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/notifications/:id/read',
      summary: 'Marks one of the caller’s notifications read',
      tag: TAG,
      session: 'required',
      params: notificationParams,
      responses: [{ status: 204, description: 'Read' }],
      errors: ['EXC_NOTIFICATIONS_NOT_FOUND'],
      async handle({ params, meta }) {
        await notifications.markRead(params.id, meta);
        return undefined;
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/notifications/:id/engagements',
      summary:
        "A notification's link was followed: records the click and redirects to the page (`to`, a path of the site, or the notification's own link)",
      tag: TAG,
      session: 'none',
      params: notificationParams,
      query: engagementQuery,
      responses: [
        { status: 200, description: 'JSON clients: where a browser is sent', body: redirectResponse },
        {
          status: 302,
          description: 'Browser navigation: to the page on the web app',
          headers: { Location: 'The web app page' },
        },
        BROWSER_ERROR_RESPONSE,
      ],
      errors: ['EXC_NOTIFICATIONS_LINK_IS_INVALID', 'EXC_NOTIFICATIONS_NOT_FOUND'],
      async handle({ params, query, req, res, meta }) {
        return redirect(req, res, await notifications.engage(params.id, query.to ?? '', meta));
      },
      onError: browserError,
    }),
    defineRoute({
      methods: ['get'],
      path: '/notifications/:id/rrn',
      summary: "A payment receipt's or top-up's link: redirects to its result page on the web app",
      tag: TAG,
      session: 'none',
      params: notificationParams,
      responses: [
        { status: 200, description: 'JSON clients: where a browser is sent', body: redirectResponse },
        {
          status: 302,
          description: 'Browser navigation: to /orders/successorder?orderId=… or /orders/successwallet?paymentNumber=…',
          headers: { Location: 'The web app page' },
        },
        BROWSER_ERROR_RESPONSE,
      ],
      errors: ['EXC_NOTIFICATIONS_NOT_FOUND'],
      async handle({ params, req, res, meta }) {
        return redirect(req, res, await notifications.receiptTarget(params.id, meta));
      },
      onError: browserError,
    }),
  ];
}
