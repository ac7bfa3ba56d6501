import { messages } from '../../shared/messages';
import type { RefusalParams } from '../../shared/refusal-texts';

// The one way the web app talks to the server: same-origin JSON with the session cookie, the
// spec's 120-second limit, and errors kept as the server's refusal (its code and params), read in
// the chosen language by `errorText` (./error-text.ts).
export const API_TIMEOUT_MS = 120_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The refusal's code (shared/refusals.ts); none when the server was not reached. */
    readonly code?: string,
    readonly field?: string,
    readonly params?: RefusalParams,
    /** Why the server was not reached (status 0). */
    readonly unreached?: 'networkFailed' | 'serverSlow',
  ) {
    super(message);
  }
}

let beforeRefusal: () => Promise<unknown> = () => Promise.resolve();

/** What a refused answer waits for before it is thrown (i18n.ts: its words), so whoever shows it has them. */
export function waitBeforeRefusals(wait: () => Promise<unknown>): void {
  beforeRefusal = wait;
}

/**
 * `opts.asked`: the same request, already asked for by the page (the session, decision 0047); its
 * answer is read as any other, and waited for no longer than one asked here.
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  opts: { timeoutMs?: number; asked?: Promise<Response> | undefined } = {},
): Promise<T> {
  let res: Response;
  try {
    const signal = AbortSignal.timeout(opts.timeoutMs ?? API_TIMEOUT_MS);
    res = await (opts.asked
      ? // Given up at the same limit as a request of its own.
        new Promise<Response>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
          opts.asked?.then(resolve, reject);
        })
      : fetch(path, {
          method,
          credentials: 'same-origin',
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        }));
  } catch (error) {
    const unreached = error instanceof DOMException && error.name === 'TimeoutError' ? 'serverSlow' : 'networkFailed';
    throw new ApiError(messages[unreached], 0, undefined, undefined, undefined, unreached);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    // Every answer that refuses is { error: { code, message, field?, params? } } (shared/refusals.ts).
    await beforeRefusal().catch(() => undefined);
    const e = ((json ?? {}) as { error?: { code?: string; message?: string; field?: string; params?: RefusalParams } }).error ?? {};
    throw new ApiError(e.message ?? res.statusText ?? `Error ${res.status}`, res.status, e.code, e.field, e.params);
  }
  return json as T;
}
