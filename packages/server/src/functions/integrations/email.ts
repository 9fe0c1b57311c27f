/**
 * `@/integrations/email` for generated functions (issue 19): sends a plain-text e-mail through Kiln's mailer (its
 * SMTP server, or the development mailbox), from Kiln's sender address, limited per app (20 an hour).
 *
 *   import { sendEmail } from '@/integrations/email';
 *   await sendEmail({ to: 'ada@example.com', subject: 'Your booking', text: 'See you on Monday.' });
 * @module
 */
import { hostCall } from './host';

export interface Email {
  /** One address. */
  to: string;
  /** At most 200 characters. */
  subject: string;
  /** Plain text, at most 50,000 characters. */
  text: string;
}

export async function sendEmail(email: Email): Promise<{ sent: true }> {
  await hostCall('email', 'send', email);
  return { sent: true };
}
