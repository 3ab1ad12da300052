// The notification service as the gateway sees it: notifications/* (the list, read marks,
// preferences, the engagement and receipt links), and its messages in the development outbox.
import { withErrors } from '../../http/route.ts';
import { SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createNotificationAdapter } from './client.ts';
import { notificationRoutes } from './routes/notifications.ts';

export const notificationModule: ServiceModule = {
  name: 'notification',
  address: { variable: 'NOTIFICATION_GRPC_URL', default: '127.0.0.1:50058' },
  connect(address, options) {
    const notifications = createNotificationAdapter(address, options);
    return {
      routes: (context) => ({ api: withErrors(notificationRoutes(notifications, context), SERVICE_ERRORS) }),
      devOutbox: (to, meta) => notifications.devOutbox(to, meta),
      isServing: (timeoutMs) => notifications.isServing(timeoutMs),
      close: () => notifications.close(),
    };
  },
};
