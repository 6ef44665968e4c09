import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when MAIL_URL is set; otherwise each message is written as an .eml file under
 * storage/mail and logged, so password resets and verifications work on a local install.
 */
export function createMailer(options: { mailUrl?: string; from: string; storageDir: string; logger: Logger }): Mailer {
  if (options.mailUrl) {
    const transport: Transporter = nodemailer.createTransport(options.mailUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, 'e-mail envoyé');
      },
    };
  }
  const dir = path.join(options.storageDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(dir, `${stamp}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.logger.info(
        { to: message.to, subject: message.subject, file },
        'e-mail écrit dans un fichier (MAIL_URL non défini)',
      );
    },
  };
}
