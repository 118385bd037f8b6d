import type { QueryResult } from '@atrium/sdk';
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from './strings.ts';

/**
 * One page of a server-paged list at a time. Page n is fetched from page n-1's result (its cursor or
 * offset), so offset and cursor paging look the same; changing `key` starts again at the first page.
 */
export function usePagedList<T>(key: QueryKey, first: () => Promise<QueryResult<T>>) {
  const queryClient = useQueryClient();
  const [state, setState] = useState({ key: JSON.stringify(key), page: 0 });
  const page = state.key === JSON.stringify(key) ? state.page : 0;
  const pageKey = (index: number) => [...key, 'page', index];
  const query = useQuery({
    queryKey: pageKey(page),
    placeholderData: keepPreviousData,
    // Results hold functions (next/prev): compared by identity, never merged.
    structuralSharing: false,
    queryFn: async () => {
      const previous = page > 0 ? queryClient.getQueryData<QueryResult<T>>(pageKey(page - 1)) : undefined;
      if (previous?.hasNext()) return previous.next();
      // The page before is not cached (a reload after a change): walk there from the first page.
      let result = await first();
      for (let index = 0; index < page && result.hasNext(); index += 1) result = await result.next();
      return result;
    },
  });
  const go = (next: number) => setState({ key: JSON.stringify(key), page: Math.max(0, next) });
  return {
    ...query,
    items: query.data?.items ?? [],
    page,
    hasNext: query.data?.hasNext() ?? false,
    hasPrev: page > 0,
    totalPages: query.data?.totalPages,
    next: () => go(page + 1),
    prev: () => go(page - 1),
  };
}

/** Previous / next under a paged table; hidden while everything fits on one page. */
/** What `Pager` needs of a list paged by number (`page` from 0) in the caller's own state. */
export function numberedPages(
  page: number,
  setPage: (page: number) => void,
  totalPages: number,
  isFetching: boolean,
) {
  return {
    page,
    hasPrev: page > 0,
    hasNext: page + 1 < totalPages,
    totalPages,
    isFetching,
    next: () => setPage(page + 1),
    prev: () => setPage(Math.max(0, page - 1)),
  };
}

export function Pager({
  list,
}: {
  list: Pick<
    ReturnType<typeof usePagedList>,
    'page' | 'hasNext' | 'hasPrev' | 'totalPages' | 'next' | 'prev' | 'isFetching'
  >;
}) {
  if (!list.hasNext && !list.hasPrev) return null;
  const s = t.paging;
  return (
    <Group justify="space-between" px="md" py="sm">
      <Text size="sm" c="dimmed">
        {list.totalPages ? s.pageOf(list.page + 1, list.totalPages) : s.page(list.page + 1)}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!list.hasPrev || list.isFetching}
          onClick={list.prev}
        >
          {s.previous}
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={!list.hasNext || list.isFetching}
          onClick={list.next}
        >
          {s.next}
        </Button>
      </Group>
    </Group>
  );
}
