/**
 * A real SMTP peer for tests: listens on 127.0.0.1 (random free port, no TLS,
 * no AUTH), keeps every message it receives and parses it into text/html.
 *
 * The RFC 822 / MIME parsing is deliberately small but covers what nodemailer
 * produces: folded headers, RFC 2047 encoded-words, nested multipart bodies,
 * quoted-printable, base64 and 7bit/8bit transfer encodings.
 */
import type { AddressInfo } from 'node:net';
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
// MIME parsing. Everything works on "byte strings" (latin1-decoded buffers, one
// char per byte) until a piece of text is finally decoded with its charset.

interface Entity {
  headers: Map<string, string[]>;
  body: string; // byte string, line endings normalised to \n
}

function decodeBytes(bytes: Uint8Array, charset: string | undefined): string {
  const label = (charset ?? 'utf-8').trim().toLowerCase();
  try {
    return new TextDecoder(label === 'us-ascii' ? 'utf-8' : label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function byteString(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

function bytesOf(s: string): Buffer {
  return Buffer.from(s, 'latin1');
}

function splitEntity(source: string): Entity {
  const sep = source.indexOf('\n\n');
  const headerBlock = sep === -1 ? source : source.slice(0, sep);
  const body = sep === -1 ? '' : source.slice(sep + 2);
  const headers = new Map<string, string[]>();
  // Unfold: a line starting with whitespace continues the previous one.
  const unfolded = headerBlock.replace(/\n(?=[ \t])/g, '');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const list = headers.get(name);
    if (list) list.push(value);
    else headers.set(name, [value]);
  }
  return { headers, body };
}

function header(entity: Entity, name: string): string | undefined {
  return entity.headers.get(name)?.[0];
}

/** Value and parameters of a structured header such as Content-Type. */
function parseStructured(value: string | undefined): { value: string; params: Record<string, string> } {
  if (value === undefined) return { value: '', params: {} };
  const semi = value.indexOf(';');
  const main = (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase();
  const params: Record<string, string> = {};
  if (semi !== -1) {
    const re = /;\s*([^=\s;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
    for (const m of value.slice(semi).matchAll(re)) {
      const key = (m[1] ?? '').toLowerCase();
      params[key] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
    }
  }
  return { value: main, params };
}

function decodeQuotedPrintable(s: string): Buffer {
  // Trailing whitespace on a line is transport padding; "=" at line end is a soft break.
  const joined = s.replace(/[ \t]+$/gm, '').replace(/=\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined.charCodeAt(i);
    if (ch === 0x3d /* = */) {
      const hex = joined.slice(i + 1, i + 3);
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        out.push(parseInt(hex, 16));
        i += 2;
        continue;
      }
    }
    out.push(ch & 0xff);
  }
  return Buffer.from(out);
}

function decodeTransfer(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').trim().toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    default:
      return bytesOf(body);
  }
}

/** Decode RFC 2047 encoded-words; whitespace between adjacent encoded-words is dropped. */
function decodeHeaderValue(value: string): string {
  const re = /=\?([^?*]+)(?:\*[^?]*)?\?([QqBb])\?([^?]*)\?=/g;
  let out = '';
  let last = 0;
  // Bytes of consecutive encoded-words in one charset are joined before decoding,
  // so a multi-byte character split across two words still comes out whole.
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  const flush = () => {
    if (pending) out += decodeBytes(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (const m of value.matchAll(re)) {
    const between = value.slice(last, m.index);
    if (!(pending && /^[ \t]*$/.test(between))) {
      flush();
      out += decodeBytes(bytesOf(between), 'utf-8');
    }
    const charset = (m[1] ?? 'utf-8').toLowerCase();
    const text = m[3] ?? '';
    const bytes = (m[2] ?? 'Q').toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : decodeQuotedPrintable(text.replace(/_/g, ' '));
    if (pending && pending.charset !== charset) flush();
    if (pending) pending.bytes.push(bytes);
    else pending = { charset, bytes: [bytes] };
    last = m.index + m[0].length;
  }
  flush();
  out += decodeBytes(bytesOf(value.slice(last)), 'utf-8');
  return out;
}

function collectBodies(entity: Entity, found: { text?: string; html?: string }, depth = 0): void {
  const type = parseStructured(header(entity, 'content-type') ?? 'text/plain; charset=us-ascii');
  const disposition = parseStructured(header(entity, 'content-disposition')).value;
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.boundary;
    if (!boundary || depth > 20) return;
    const open = `--${boundary}`;
    const close = `--${boundary}--`;
    let current: string[] | undefined;
    const parts: string[][] = [];
    for (const line of entity.body.split('\n')) {
      const trimmed = line.replace(/[ \t]+$/, '');
      if (trimmed === close) {
        if (current) parts.push(current);
        current = undefined;
        break;
      }
      if (trimmed === open) {
        if (current) parts.push(current);
        current = [];
        continue;
      }
      current?.push(line);
    }
    if (current) parts.push(current); // tolerate a missing closing delimiter
    for (const part of parts) collectBodies(splitEntity(part.join('\n')), found, depth + 1);
    return;
  }
  if (disposition === 'attachment') return;
  if (type.value === 'message/rfc822') return;
  const key = type.value === 'text/plain' ? 'text' : type.value === 'text/html' ? 'html' : undefined;
  if (!key || found[key] !== undefined) return;
  const bytes = decodeTransfer(entity.body, header(entity, 'content-transfer-encoding'));
  found[key] = decodeBytes(bytes, type.params.charset);
}

export function parseMail(raw: Buffer, envelope: { from: string; to: string[] }): ReceivedMail {
  const source = byteString(raw).replace(/\r\n/g, '\n');
  const top = splitEntity(source);
  const headers: Record<string, string> = {};
  for (const [name, values] of top.headers) headers[name] = values.map(decodeHeaderValue).join(', ');
  const found: { text?: string; html?: string } = {};
  collectBodies(top, found);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: headers.subject ?? '',
    text: found.text ?? '',
    html: found.html ?? '',
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
        let mail: ReceivedMail;
        try {
          const { mailFrom, rcptTo } = session.envelope;
          mail = parseMail(Buffer.concat(chunks), {
            from: mailFrom ? mailFrom.address : '',
            to: rcptTo.map((r) => r.address),
          });
        } catch (err) {
          callback(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (matches(mail, waiter.match)) waiter.resolve(mail);
        }
        callback();
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
          const seen = mails.length
            ? mails.map((m) => `  to ${m.to.join(', ')}: ${JSON.stringify(m.subject)}`).join('\n')
            : '  (none)';
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
