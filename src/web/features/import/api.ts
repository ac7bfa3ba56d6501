import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ImportBatch, ImportReportAnswer } from '../../../shared/import-api';
import { messages } from '../../../shared/messages';
import type { RefusalParams } from '../../../shared/refusal-texts';
import { API_TIMEOUT_MS, ApiError, api } from '../../lib/api';
import { refusalsReady } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { booksKey, partnersKey, usersKey } from '../../lib/query-keys';
import { refreshSummary } from '../../lib/summary';

// The import's calls (docs/decisions/0039): the export's files sent by XMLHttpRequest (fetch tells
// nothing of an upload's progress), the batches, a batch's void. An import and a void change the
// books, the partners and the people: their queries and the header are read again.

export type ImportReport = ImportReportAnswer;

/** An import answered: its report; a refused one (422) carries it too, beside its refusal. */
export type UploadAnswer = { report: ImportReport; refusal: ApiError | null };

/** Sends the files (dry run, or import); `progress` gets the part sent, 0 to 1. */
export function sendExport(
  url: '/api/import/dry-run' | '/api/import',
  files: readonly File[],
  choices: { skipBadRows: boolean; dashboardReason: string },
  progress: (sent: number) => void,
) {
  const form = new FormData();
  // The fields first: the server reads them before it streams the files.
  if (url === '/api/import') form.append('skip_bad_rows', String(choices.skipBadRows));
  if (choices.dashboardReason.trim()) form.append('dashboard_reason', choices.dashboardReason.trim());
  for (const f of files) form.append('files', f, f.name);
  return new Promise<UploadAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = API_TIMEOUT_MS * 5;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) progress(e.loaded / e.total);
    };
    const unreached = (why: 'networkFailed' | 'serverSlow') => reject(new ApiError(messages[why], 0, undefined, undefined, undefined, why));
    xhr.onerror = () => unreached('networkFailed');
    xhr.ontimeout = () => unreached('serverSlow');
    xhr.onload = async () => {
      let body: { data?: ImportReport; error?: { code?: string; message?: string; field?: string; params?: RefusalParams } } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = {};
      }
      const coded = typeof body.error === 'object' ? body.error : undefined;
      // Not the app's refusal: Node's own 408 (an upload slower than the server's request timeout), a proxy's 413 or 5xx.
      const otherwise = xhr.status === 408 ? 'request_timeout' : xhr.status === 413 ? 'body_too_large' : xhr.status >= 500 ? 'server_error' : 'bad_request';
      const refusal = coded
        ? new ApiError(coded.message ?? String(xhr.status), xhr.status, coded.code, coded.field, coded.params)
        : xhr.status >= 400
          ? new ApiError(xhr.statusText || String(xhr.status), xhr.status, otherwise)
          : null;
      // The report's messages are refusals, spoken in the chosen language: their words come first.
      await refusalsReady().catch(() => undefined);
      if (body.data) resolve({ report: body.data, refusal });
      else reject(refusal ?? new ApiError(String(xhr.status), xhr.status));
    };
    xhr.send(form);
  });
}

/** After an import or a void: everything the books show is read again. */
export async function booksChanged(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: booksKey }),
    queryClient.invalidateQueries({ queryKey: partnersKey }),
    queryClient.invalidateQueries({ queryKey: usersKey }),
  ]);
  await refreshSummary();
}

export const importBatchesQuery = queryOptions({
  queryKey: [...booksKey, 'importBatches'],
  queryFn: () => api<{ data: ImportBatch[] }>('GET', '/api/import/batches').then((r) => r.data),
});

export function useVoidBatch() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api<{ data: { voided: number } }>('POST', `/api/import/batches/${id}/void`, { reason }),
    onSuccess: booksChanged,
  });
}
