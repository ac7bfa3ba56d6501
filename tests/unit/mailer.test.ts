import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { actionMail, createMailer } from '../../src/server/mail/mailer.ts';
import { startMailServer } from '../helpers/mail-server.ts';

// Without SMTP_URL a mail goes to DATA_DIR/outbox as an .eml file, whose text holds its link
// quoted-printable (split at 76 characters, `=` written `=3D`): the log gives the link plain, on one
// line. With SMTP_URL the mail reaches its person, and no link is ever logged.

const link = `http://localhost:3000/api/auth/verify-email?token=${'a1B2c3D4e5'.repeat(12)}&callbackURL=${encodeURIComponent('/?auth=verified')}`;
const mail = () =>
  actionMail({
    to: 'newcomer@example.com',
    subject: 'Verify your email',
    greeting: 'Hello Newcomer,',
    lines: ['Confirm your address to start.'],
    action: 'Verify your email',
    link,
    signature: 'AMA Metal & Wire Industries',
  });

/** A logger whose lines are kept, parsed. */
function keptLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe('the mailer', () => {
  it('writes a mail to the outbox and logs its link plain, on one info line', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-outbox-'));
    onTestFinished(() => fs.rmSync(outboxDir, { recursive: true, force: true }));
    const { log, lines } = keptLog();
    await createMailer({ from: 'AMA <no-reply@localhost>', outboxDir, log }).send(mail());

    const [file = ''] = fs.readdirSync(outboxDir);
    expect(file).toMatch(/newcomer@example\.com\.eml$/);
    const eml = fs.readFileSync(path.join(outboxDir, file), 'utf8');
    expect(eml).toContain('quoted-printable');
    expect(eml).not.toContain(link);

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, to: 'newcomer@example.com', file: path.join(outboxDir, file) });
    expect(lines[0]?.msg).toBe(`mail to newcomer@example.com written to the outbox (SMTP_URL is not set); its link: ${link}`);
  });

  it('sends a mail by SMTP and never logs its link', async () => {
    const server = await startMailServer();
    onTestFinished(() => server.stop());
    const { log, lines } = keptLog();
    await createMailer({ smtpUrl: server.url, from: 'AMA <no-reply@localhost>', outboxDir: '/nonexistent', log }).send(mail());

    const received = await server.waitForMail({ to: 'newcomer@example.com' });
    expect(server.linksIn(received)).toContain(link);
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'mail sent', to: 'newcomer@example.com', subject: 'Verify your email' })]);
    expect(JSON.stringify(lines)).not.toContain('verify-email');
  });
});
