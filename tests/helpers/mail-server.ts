/**
 * A real SMTP peer for tests: listens on 127.0.0.1 (random free port, no TLS,
 * no AUTH), keeps every message it receives and decodes it (mailparser) into
 * subject, text, html and headers.
 */
import type { AddressInfo } from 'node:net';
import { type HeaderValue, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender (MAIL FROM) address. */
  from: string;
  /** Envelope recipients (RCPT TO) addresses — includes Bcc recipients. */
  to: string[];
  /** Decoded Subject header. */
  subject: string;
  /** Decoded first text/plain part ('' if none); line endings are \n. */
  text: string;
  /** Decoded first text/html part ('' if none); line endings are \n. */
  html: string;
  /** The message exactly as received (UTF-8 decoded). */
  raw: string;
  /** Decoded top-level headers, lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
}

export interface MailMatch {
  to?: string;
  subject?: RegExp;
}

export interface MailServer {
  url: string;
  mails: ReceivedMail[];
  waitForMail(match: MailMatch, timeoutMs?: number): Promise<ReceivedMail>;
  linksIn(mail: ReceivedMail): string[];
  stop(): Promise<void>;
}

// ---------------------------------------------------------------------------
// MIME parsing: mailparser decodes; this maps its answer onto ReceivedMail.

/** Raw value of a header line ("Subject: x" → "x"), unfolded. */
function rawValue(line: string): string {
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n(?=[ \t])/g, '')
    .trim();
}

/** mailparser's decoded value as text: strings stay, addresses give their text, the rest its raw line. */
function headerText(value: HeaderValue | undefined, raw: string): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string') return value.text;
  return raw;
}

export async function parseMail(raw: Buffer, envelope: { from: string; to: string[] }): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true });
  const lines = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines) lines.set(key, [...(lines.get(key) ?? []), rawValue(line)]);
  const headers: Record<string, string> = {};
  for (const [name, values] of lines) {
    const decoded = parsed.headers.get(name);
    headers[name] =
      values.length === 1
        ? headerText(decoded, values[0] ?? '')
        : Array.isArray(decoded) && decoded.every((v) => typeof v === 'string')
          ? decoded.join(', ')
          : values.join(', ');
  }
  const lf = (s: string | false | undefined) => (s || '').replace(/\r\n/g, '\n');
  return {
    from: envelope.from,
    to: envelope.to,
    subject: parsed.subject ?? '',
    text: lf(parsed.text),
    html: lf(parsed.html),
    raw: raw.toString('utf8'),
    headers,
  };
}

// ---------------------------------------------------------------------------
// Links

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeHtmlEntities(s: string): string {
  return s.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const count = (s: string, ch: string) => s.split(ch).length - 1;

function extractLinks(s: string): string[] {
  const links: string[] = [];
  for (const m of s.matchAll(/https?:\/\/[^\s"'<>`]+/g)) {
    let url = m[0];
    // Drop sentence punctuation that trails a link in prose.
    for (;;) {
      const lastChar = url.at(-1);
      if (lastChar !== undefined && '.,;:!?'.includes(lastChar)) url = url.slice(0, -1);
      else if (lastChar === ')' && count(url, ')') > count(url, '(')) url = url.slice(0, -1);
      else if (lastChar === ']' && count(url, ']') > count(url, '[')) url = url.slice(0, -1);
      else break;
    }
    links.push(url);
  }
  return links;
}

export function linksIn(mail: Pick<ReceivedMail, 'text' | 'html'>): string[] {
  const all = [...extractLinks(mail.text), ...extractLinks(decodeHtmlEntities(mail.html))];
  return [...new Set(all)];
}

// ---------------------------------------------------------------------------
// Server

function describeMatch(match: MailMatch): string {
  const parts: string[] = [];
  if (match.to !== undefined) parts.push(`to=${match.to}`);
  if (match.subject !== undefined) parts.push(`subject=${String(match.subject)}`);
  return parts.length ? parts.join(', ') : 'anything';
}

function matches(mail: ReceivedMail, match: MailMatch): boolean {
  if (match.to !== undefined) {
    const wanted = match.to.toLowerCase();
    if (!mail.to.some((addr) => addr.toLowerCase() === wanted)) return false;
  }
  if (match.subject !== undefined) {
    match.subject.lastIndex = 0; // a /g or /y regex must not carry state between mails
    if (!match.subject.test(mail.subject)) return false;
  }
  return true;
}

export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<{ match: MailMatch; resolve(mail: ReceivedMail): void; reject(err: Error): void }>();

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 500, // stop() should not wait 30 s for an idle pooled client
    banner: 'test mail server',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err: Error) => callback(err));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        parseMail(Buffer.concat(chunks), { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) }).then(
          (mail) => {
            mails.push(mail);
            for (const waiter of [...waiters]) {
              if (matches(mail, waiter.match)) waiter.resolve(mail);
            }
            callback();
          },
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    linksIn,
    waitForMail(match, timeoutMs = 10_000) {
      const already = mails.find((m) => matches(m, match));
      if (already) return Promise.resolve(already);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(mail);
          },
          reject: (err: Error) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            reject(err);
          },
        };
        const timer = setTimeout(() => {
          const seen = mails.length ? mails.map((m) => `  to ${m.to.join(', ')}: ${JSON.stringify(m.subject)}`).join('\n') : '  (none)';
          waiter.reject(new Error(`No mail matching ${describeMatch(match)} arrived within ${timeoutMs} ms. Received so far:\n${seen}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async stop() {
      for (const waiter of [...waiters]) waiter.reject(new Error(`Mail server stopped while waiting for mail matching ${describeMatch(waiter.match)}`));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
