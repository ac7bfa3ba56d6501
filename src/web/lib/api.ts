import { messages } from '../../shared/messages';

// The one way the web app talks to the server: same-origin JSON with the session cookie, the
// spec's 120-second limit, and errors turned into a message a person can read.
export const API_TIMEOUT_MS = 120_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, opts: { timeoutMs?: number } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? API_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? messages.serverSlow : messages.networkFailed, 0);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const b = (json ?? {}) as { error?: { message?: string; field?: string }; message?: string; code?: string };
    // Our routes answer { error: { message } }; better-auth answers { message, code }.
    throw new ApiError(b.error?.message ?? b.message ?? res.statusText ?? `Error ${res.status}`, res.status, b.code, b.error?.field);
  }
  return json as T;
}
