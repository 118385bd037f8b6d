import type { WithDates } from '@atrium/sdk';
import type { DataImportMode, DataJob, DataJobFormat } from '@atrium/sdk/modules/data';
import { data } from './data-client.ts';

export type Job = WithDates<DataJob>;

/** Jobs that no longer change: polling stops there. */
export const finishedStatuses: ReadonlySet<DataJob['status']> = new Set([
  'COMPLETED',
  'FAILED',
  'PARTIALLY_SUCCESSFUL',
]);

const mediaTypes: Record<DataJobFormat, string> = { CSV: 'text/csv', JSONL: 'application/x-ndjson' };

export function formatOfFile(name: string): DataJobFormat {
  return /\.(jsonl|ndjson)$/i.test(name) ? 'JSONL' : 'CSV';
}

/** Uploads a CSV or JSONL file and queues its import; the answer is the job to watch. */
export async function startImport(collectionId: string, file: File, mode: DataImportMode): Promise<Job> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return data.jobs.importFile(collectionId, bytes, { format: formatOfFile(file.name), mode });
}

/** Downloads a finished export and hands it to the browser as a file. */
export async function downloadJobFile(job: Job): Promise<void> {
  const text = await data.jobs.downloadFile(job.id);
  const blob = new Blob([text], { type: mediaTypes[job.format] });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${job.dataCollectionId.replaceAll('/', '-')}.${job.format === 'CSV' ? 'csv' : 'jsonl'}`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
