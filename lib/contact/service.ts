import 'server-only';
import { getDb } from '@/db/client';
import { contactMessages } from '@/db/schema';
import { queueMail } from '@/lib/mail/outbox';
import { consume } from '@/lib/security/rate-limit';
import { CONTACT_THANKS, type ContactInput } from './schema';

/** Stores the message, and e-mails it to CONTACT_EMAIL when one is configured. */
export async function submitContactMessage(input: ContactInput, client: string) {
  await consume([{ key: `contact:client:${client}`, max: 10, windowSeconds: 60 * 60 }]);
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values({ ...input, clientHash: client }).returning({ id: contactMessages.id });
    const to = process.env.CONTACT_EMAIL;
    if (to) {
      await queueMail(
        { to, kind: 'contact_message', subject: `[Lantern contact] ${input.subject}`, text: `From: ${input.name} <${input.email}>\nSubject: ${input.subject}\n\n${input.message}\n` },
        tx,
      );
    }
    return row!.id;
  });
  return { id, message: CONTACT_THANKS };
}
