import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_URL, MAIL_OUTBOX_DIR } from './config';

/** Undo quoted-printable soft line breaks and escapes, as nodemailer writes long lines. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest .eml in the outbox addressed to `email`, waiting for it to appear. */
export async function newestMailTo(email: string, since: number, timeoutMs = 20_000): Promise<string> {
  const needle = email.replace(/[^a-zA-Z0-9@._-]/g, '_').toLowerCase();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(MAIL_OUTBOX_DIR)) {
      const files = readdirSync(MAIL_OUTBOX_DIR)
        .filter((f) => f.endsWith('.eml') && f.toLowerCase().includes(needle))
        .map((f) => ({ f, t: statSync(join(MAIL_OUTBOX_DIR, f)).mtimeMs }))
        .filter(({ t }) => t >= since - 1000)
        .sort((a, b) => b.t - a.t);
      if (files.length) return decodeQuotedPrintable(readFileSync(join(MAIL_OUTBOX_DIR, files[0].f), 'utf8'));
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${email} appeared in ${MAIL_OUTBOX_DIR} within ${timeoutMs} ms`);
}

/** The link to `path` in a mail, moved onto BASE_URL (the API's PUBLIC_URL may differ). */
export function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/?]/g, '\\$&')}[^\\s"'<>]*`).exec(mail);
  if (!match) throw new Error(`No ${path} link in the mail:\n${mail}`);
  const url = new URL(match[0]);
  return `${BASE_URL}${url.pathname}${url.search}`;
}
