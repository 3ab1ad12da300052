// The files service as the gateway sees it: files/* (uploads, public images, signed links).
import { withErrors } from '../../http/route.ts';
import { SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createFilesAdapter } from './client.ts';
import { filesRoutes } from './routes/files.ts';

export const filesModule: ServiceModule = {
  name: 'files',
  address: { variable: 'FILES_GRPC_URL', default: '127.0.0.1:50052' },
  connect(address, options) {
    const files = createFilesAdapter(address, options);
    return {
      routes: () => ({ api: withErrors(filesRoutes(files), SERVICE_ERRORS) }),
      isServing: (timeoutMs) => files.isServing(timeoutMs),
      close: () => files.close(),
    };
  },
};
