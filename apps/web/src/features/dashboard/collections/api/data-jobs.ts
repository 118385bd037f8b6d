import type { WithDates } from '@atrium/sdk';
import type { DataImportMode, DataJob, DataJobFormat } from '@atrium/sdk/modules/data';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';
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

const jobsFailure = { message: dataErrorMessage };

/**
 * One job, polled until it has finished; `onFinished` runs once per job when it does (the job may already
 * be finished when the screen opens).
 */
export function useJob(jobId: string | null, onFinished?: (job: Job) => void) {
  const notified = useRef<string | null>(null);
  const query = useQuery({
    queryKey: ['dashboard', 'data', 'job', jobId],
    enabled: Boolean(jobId),
    queryFn: () => data.jobs.getJob(jobId!),
    refetchInterval: (current) =>
      current.state.data && finishedStatuses.has(current.state.data.status) ? false : 700,
  });
  const job = query.data;
  useEffect(() => {
    if (job && finishedStatuses.has(job.status) && notified.current !== job.id) {
      notified.current = job.id;
      onFinished?.(job);
    }
  }, [job, onFinished]);
  return query;
}

/** The rows an import could not take, 50 at a time. */
export function useJobErrors(job: Job) {
  return useInfiniteQuery({
    queryKey: ['dashboard', 'data', 'job-errors', job.id, job.failedRows],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => data.jobs.listJobErrors(job.id, { afterRow: pageParam, limit: 50 }),
    getNextPageParam: (last) => (last.hasNext ? (last.errors.at(-1)?.rowNumber ?? undefined) : undefined),
  });
}

export function useStartImport(
  collectionId: string,
  options: ActionOptions<Job, { file: File; mode: DataImportMode }> = {},
) {
  return useActionMutation({
    failure: jobsFailure,
    ...options,
    mutationFn: ({ file, mode }) => startImport(collectionId, file, mode),
  });
}

export function useStartExport(collectionId: string, options: ActionOptions<Job, DataJobFormat> = {}) {
  return useActionMutation({
    failure: jobsFailure,
    ...options,
    mutationFn: (format) => data.jobs.exportItems(collectionId, { format }),
  });
}

export function useDownloadJobFile(options: ActionOptions<void, Job> = {}) {
  return useActionMutation({ failure: jobsFailure, ...options, mutationFn: downloadJobFile });
}
