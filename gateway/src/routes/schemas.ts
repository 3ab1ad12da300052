// The schemas of the gateway's own answers: the error body every route shares, and ping.
import { z } from 'zod';

export const pongResponse = z.object({ pong: z.literal(true) });

export const errorResponse = z
  .object({ exc: z.array(z.string()).min(1), message: z.string().meta({ description: 'Persian text of the first code.' }) })
  .meta({ description: 'Every error answer.' });
