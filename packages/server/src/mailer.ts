/**
 * @module Outgoing e-mail. With `SMTP_URL` set, through that server (nodemailer); without, the message is
 * written to the server log. Either way it is kept in `mail_outbox`, which the development mailbox
 * (`/dev/mailbox`, only without SMTP) shows to the addressee, or to a platform ADMIN in full.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from './db/index';
import { mailOutbox } from './db/schema';
import { newId } from './ids';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly smtp: boolean;
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: (msg: string, err?: unknown) => void;
}): Mailer {
  const smtpUrl = opts.smtpUrl;
  // nodemailer loads with the first message, not at start (issue 15, footprint).
  let transport: Promise<Transporter> | null = null;
  return {
    smtp: smtpUrl !== undefined && smtpUrl !== '',
    async send(mail) {
      await opts.db.insert(mailOutbox).values({ id: newId(), ...mail });
      if (smtpUrl) {
        transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
        await (await transport).sendMail({ from: opts.from, ...mail });
      } else {
        opts.log(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      }
    },
  };
}

/** The development mailbox: messages to `email`, or every message for a platform ADMIN. */
export async function mailbox(db: Db, viewer: { email: string; role: string }, limit = 50) {
  const query = db.select().from(mailOutbox);
  const filtered =
    viewer.role === 'ADMIN'
      ? query
      : query.where(eq(sql`lower(${mailOutbox.to})`, viewer.email.toLowerCase()));
  return filtered.orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
