// Other services' development outboxes that /api/dev/outbox merges with auth's (the
// notification service's messages). Kept per gateway (keyed by its module context), so several
// gateways in one process never share them.
import type { CallMeta } from '../../http/route.ts';

export interface DevOutboxMessage {
  channel: string;
  to: string;
  subject: string;
  text: string;
  code: string;
  createdAt: string;
}

export type DevOutboxSource = (to: string, meta: CallMeta) => Promise<DevOutboxMessage[]>;

const sources = new WeakMap<object, DevOutboxSource[]>();

export function addDevOutboxSource(context: object, source: DevOutboxSource): void {
  sources.set(context, [...(sources.get(context) ?? []), source]);
}

export function devOutboxSources(context: object): readonly DevOutboxSource[] {
  return sources.get(context) ?? [];
}
