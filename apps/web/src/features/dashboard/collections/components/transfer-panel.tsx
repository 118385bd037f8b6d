import type { DataImportMode, DataJobError, DataJobFormat } from '@atrium/sdk/modules/data';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  Radio,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconDownload,
  IconFileUpload,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import type { Collection } from '../api/collections-queries.ts';
import { useRefreshItems } from '../api/collection-changes.ts';
import {
  finishedStatuses,
  useDownloadJobFile,
  useJob,
  useJobErrors,
  useStartExport,
  useStartImport,
  type Job,
} from '../api/data-jobs.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';

const s = t.collections.transfer;
const modes: DataImportMode[] = ['OVERWRITE', 'SKIP_EXISTING', 'TRUNCATE_BEFORE'];

const statusColors: Record<Job['status'], string> = {
  UNINITIALIZED: 'gray',
  INITIALIZING: 'blue',
  IN_PROGRESS: 'blue',
  COMPLETED: 'teal',
  FAILED: 'red',
  PARTIALLY_SUCCESSFUL: 'orange',
};

/** The last job of each kind per collection, kept for the tab's lifetime in this browser tab. */
function useRememberedJob(collectionId: string, kind: 'import' | 'export') {
  const storageKey = `atrium:data-job:${kind}:${collectionId}`;
  const [jobId, setJobId] = useState<string | null>(() => sessionStorage.getItem(storageKey));
  return [
    jobId,
    (id: string) => {
      sessionStorage.setItem(storageKey, id);
      setJobId(id);
    },
  ] as const;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700} c={value > 0 ? color : undefined}>
        {value}
      </Text>
    </Stack>
  );
}

function JobStatus({ job }: { job: Job }) {
  const running = !finishedStatuses.has(job.status);
  return (
    <Stack gap="sm" data-testid={`job-${job.kind.toLowerCase()}`} aria-live="polite">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {s.job[job.kind]}
          </Text>
          <Badge color={statusColors[job.status]} variant="light" data-testid="job-status">
            {s.statuses[job.status]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {job.kind === 'IMPORT' ? s.rows(job.totalRows) : s.exportedRows(job.totalRows)}
          {job.fileBytes > 0 && ` · ${s.size(formatBytes(job.fileBytes))}`}
        </Text>
      </Group>
      <Progress
        value={100}
        striped={running}
        animated={running}
        color={running ? 'blue' : statusColors[job.status]}
        size="sm"
        aria-label={s.statuses[job.status]}
      />
      {job.kind === 'IMPORT' && (
        <SimpleGrid cols={4}>
          <Stat label={s.inserted} value={job.insertedRows} color="teal" />
          <Stat label={s.updated} value={job.updatedRows} color="blue" />
          <Stat label={s.skipped} value={job.skippedRows} color="gray" />
          <Stat label={s.failed} value={job.failedRows} color="red" />
        </SimpleGrid>
      )}
      {job.failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {job.failure.description}
        </Alert>
      )}
    </Stack>
  );
}

function ErrorReport({ job }: { job: Job }) {
  const errors = useJobErrors(job);
  if (job.failedRows === 0) return null;
  const rows: DataJobError[] = errors.data?.pages.flatMap((page) => page.errors) ?? [];
  const total = errors.data?.pages[0]?.total ?? job.failedRows;
  return (
    <Stack gap="xs" data-testid="import-errors">
      <Group gap="xs">
        <IconAlertTriangle size={18} color="var(--mantine-color-orange-filled)" />
        <Text fw={600} size="sm">
          {s.errorsTitle(total)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {s.errorsBody}
      </Text>
      <Card p={0} withBorder radius="md">
        <ScrollArea.Autosize mah={360}>
          <Table verticalSpacing={6} fz="sm" stickyHeader layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>{s.row}</Table.Th>
                <Table.Th w={110}>{s.itemId}</Table.Th>
                <Table.Th w={150}>{s.code}</Table.Th>
                <Table.Th>{s.details}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((error) => (
                <Table.Tr key={`${error.rowNumber}-${error.code}`}>
                  <Table.Td fw={600}>{error.rowNumber}</Table.Td>
                  <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                    {error.itemId ?? '—'}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="red" radius="sm" tt="none" maw="100%">
                      {error.code}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {error.description}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Card>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {rows.length < total ? s.errorsKept(rows.length, total) : ''}
        </Text>
        {errors.hasNextPage && (
          <Button
            size="xs"
            variant="subtle"
            loading={errors.isFetchingNextPage}
            onClick={() => void errors.fetchNextPage()}
          >
            {s.moreErrors}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function ImportCard({ collection }: { collection: Collection }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<DataImportMode>('SKIP_EXISTING');
  const [jobId, setJobId] = useRememberedJob(collection.id, 'import');
  const start = useStartImport(collection.id, {
    onSuccess: (job) => {
      setJobId(job.id);
      setFile(null);
    },
    // The card says why, under the form.
    failure: false,
  });
  const job = useJob(jobId, useRefreshItems(collection.id));
  return (
    <Card>
      <Stack gap="md">
        <div>
          <Title order={4}>{s.importTitle}</Title>
          <Text size="sm" c="dimmed">
            {s.importBody}
          </Text>
        </div>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (file) start.mutate({ file, mode });
          }}
        >
          <Stack gap="md">
            <FileInput
              label={s.file}
              placeholder={s.filePlaceholder}
              accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson"
              leftSection={<IconFileUpload size={16} />}
              value={file}
              clearable
              onChange={(next) => {
                setFile(next);
                start.reset();
              }}
            />
            <Radio.Group label={s.mode} value={mode} onChange={(value) => setMode(value as DataImportMode)}>
              <Stack gap="xs" mt={6}>
                {modes.map((option) => (
                  <Radio
                    key={option}
                    value={option}
                    label={s.modes[option]}
                    description={s.modeHints[option]}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {mode === 'TRUNCATE_BEFORE' && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
                {s.truncateWarning}
              </Alert>
            )}
            {start.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {dataErrorMessage(start.error)}
              </Alert>
            )}
            <Group>
              <Button
                type="submit"
                leftSection={<IconUpload size={16} />}
                disabled={!file}
                loading={start.isPending}
              >
                {s.startImport}
              </Button>
            </Group>
          </Stack>
        </form>
        {job.data && (
          <Stack gap="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <JobStatus job={job.data} />
            {finishedStatuses.has(job.data.status) && <ErrorReport job={job.data} />}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function ExportCard({ collection }: { collection: Collection }) {
  const [format, setFormat] = useState<DataJobFormat>('CSV');
  const [jobId, setJobId] = useRememberedJob(collection.id, 'export');
  const [autoDownload, setAutoDownload] = useState<string | null>(null);
  const download = useDownloadJobFile({
    onSuccess: () => notifications.show({ color: 'teal', message: s.downloaded }),
  });
  const start = useStartExport(collection.id, {
    onSuccess: (job) => {
      setJobId(job.id);
      setAutoDownload(job.id);
    },
    // The card says why, under the button.
    failure: false,
  });
  const job = useJob(jobId, (finished) => {
    // Only the export started here downloads by itself; one remembered from earlier waits for a click.
    if (finished.id === autoDownload && finished.status === 'COMPLETED') download.mutate(finished);
  });
  return (
    <Card>
      <Stack gap="md">
        <div>
          <Title order={4}>{s.exportTitle}</Title>
          <Text size="sm" c="dimmed">
            {s.exportBody}
          </Text>
        </div>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="export-format-label">
            {s.format}
          </Text>
          <SegmentedControl
            aria-labelledby="export-format-label"
            value={format}
            onChange={(value) => setFormat(value as DataJobFormat)}
            data={(['CSV', 'JSONL'] as const).map((value) => ({ value, label: s.formats[value] }))}
          />
        </Stack>
        {start.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {dataErrorMessage(start.error)}
          </Alert>
        )}
        <Group>
          <Button
            leftSection={<IconDownload size={16} />}
            loading={start.isPending}
            onClick={() => start.mutate(format)}
          >
            {s.startExport}
          </Button>
        </Group>
        {job.data && (
          <Stack gap="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <JobStatus job={job.data} />
            {job.data.status === 'COMPLETED' && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  loading={download.isPending}
                  onClick={() => job.data && download.mutate(job.data)}
                >
                  {s.download}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** Moving items in and out in bulk: CSV or JSON Lines files, run as background jobs. */
export function TransferPanel({ collection }: { collection: Collection }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
      <ImportCard collection={collection} />
      <ExportCard collection={collection} />
    </SimpleGrid>
  );
}
