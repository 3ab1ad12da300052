// The fact this service publishes (topic seo.contact.v1, keyed by message id), written to the
// outbox inside the transaction that stores the message.
import { create } from '@bufbuild/protobuf';
import { toBusMessage } from '@darmankar/platform/events/bus';
import { enqueueEvent } from '@darmankar/platform/events/outbox';
import { ContactMessageReceivedSchema } from '@darmankar/proto/seo/v1/events_pb';
import type { AnnounceContact } from '../domain/contact.ts';

export const CONTACT_TOPIC = 'seo.contact.v1';

export const announceContact: AnnounceContact = async (sql, announcement) => {
  await enqueueEvent(
    async (text, params) => (await sql.query(text, params)).rowCount ?? 0,
    toBusMessage(ContactMessageReceivedSchema, create(ContactMessageReceivedSchema, announcement), {
      topic: CONTACT_TOPIC,
      key: announcement.messageId,
    }),
  );
};
