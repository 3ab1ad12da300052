-- A notification to an address rather than a person (the contact form's acknowledgement, sent
-- to the address the message came from) carries its own language; a person's notifications are
-- rendered in their settings' language, so theirs is null.
ALTER TABLE "notifications" ADD COLUMN "locale" TEXT CHECK ("locale" IN ('fa', 'en'));
