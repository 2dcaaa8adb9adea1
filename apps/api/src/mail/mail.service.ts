import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import { ENV, Env } from '../config/env';

interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about; logged when mail goes to the local outbox. */
  link?: string;
}

/** Sends through MAIL_URL when set; otherwise writes each mail as an .eml file a developer can open. */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly outboxDir?: string;

  constructor(@Inject(ENV) private readonly env: Env) {
    if (env.mailUrl) {
      this.transport = createTransport(env.mailUrl);
    } else {
      this.outboxDir = resolve(env.mailOutboxDir);
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.env.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    if (!this.outboxDir) return;
    await mkdir(this.outboxDir, { recursive: true });
    const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const file = join(this.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    this.logger.log(`mail to ${mail.to} written to ${file}${mail.link ? ` — link: ${mail.link}` : ''}`);
  }
}
