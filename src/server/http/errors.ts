import { type Refusal, refusal } from '../../shared/refusals.ts';
import { UncertainCommit, databaseFailure } from '../db/write.ts';
import { HttpError } from './validate.ts';

// Every failure a request can meet, as the answer the client gets: its status, its refusal (a code
// of shared/refusals.ts) and, for a busy database, when to try again. Nothing of a failure's own
// text reaches the client unless it is one of ours.

export interface ErrorAnswer {
  status: number;
  refusal: Refusal;
  retryAfter?: number;
  /** What failed, for the log (a database failure's kind). */
  failure?: string;
}

/** Fastify's own refusals of a request, by their codes. */
const FASTIFY_CODES: Record<string, Refusal['code']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body_empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'body_not_json_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
};

export function errorAnswer(error: Error & { statusCode?: number; code?: string }): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.statusCode, refusal: error.refusal, ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}) };
  const failure = databaseFailure(error);
  if (failure?.kind === 'disk-full') return { status: 507, refusal: refusal('disk_full'), failure: failure.kind };
  if (failure) return { status: 503, refusal: refusal('books_busy'), retryAfter: 2, failure: failure.kind };
  if (error instanceof UncertainCommit) return { status: 503, refusal: refusal('commit_unanswered'), failure: 'commit unanswered' };
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) return { status, refusal: refusal('server_error') };
  if (status === 408) return { status, refusal: refusal('request_timeout') };
  if (status === 404) return { status, refusal: refusal('not_found') };
  return { status, refusal: refusal((error.code && FASTIFY_CODES[error.code]) || 'bad_request') };
}
