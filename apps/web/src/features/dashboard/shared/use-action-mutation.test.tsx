// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { AtriumError } from '@atrium/sdk';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useActionMutation, type ActionMutationOptions } from './use-action-mutation.ts';

function run(options: ActionMutationOptions<unknown, void, unknown>, client = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useActionMutation(options), { wrapper });
  return act(async () => {
    await result.current.mutateAsync().catch(() => undefined);
  });
}

const failing = async () =>
  Promise.reject(new AtriumError('SLOT_NOT_AVAILABLE', 'The slot was just taken', { status: 409 }));

afterEach(() => vi.restoreAllMocks());

describe('useActionMutation', () => {
  it("tells the owner the server's message when an action fails", async () => {
    const shown = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    await run({ mutationFn: failing });
    expect(shown).toHaveBeenCalledWith({ color: 'red', message: 'The slot was just taken' });
  });

  it("words the failure the screen's way, after the screen's own onError", async () => {
    const shown = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const rollback = vi.fn();
    await run({
      mutationFn: failing,
      onError: rollback,
      failure: { title: 'Not saved', message: (error) => `Sorry: ${error.message}` },
    });
    expect(rollback).toHaveBeenCalled();
    expect(shown).toHaveBeenCalledWith({
      color: 'red',
      title: 'Not saved',
      message: 'Sorry: The slot was just taken',
    });
  });

  it('tells nothing of a failure whose message is null (the screen asks about a conflict itself)', async () => {
    const shown = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    await run({ mutationFn: failing, failure: { message: () => null } });
    expect(shown).not.toHaveBeenCalled();
  });

  it('leaves failures to a screen that shows them itself', async () => {
    const shown = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const handled = vi.fn();
    await run({ mutationFn: failing, onError: handled, failure: false });
    expect(handled).toHaveBeenCalled();
    expect(shown).not.toHaveBeenCalled();
  });

  it('refreshes the queries it names before the caller hears of the success', async () => {
    const client = new QueryClient();
    const refreshed = vi.spyOn(client, 'invalidateQueries');
    const done = vi.fn(() => expect(refreshed).toHaveBeenCalledWith({ queryKey: ['dashboard', 'x'] }));
    await run({ mutationFn: async () => 'ok', invalidates: [['dashboard', 'x']], onSuccess: done }, client);
    expect(done).toHaveBeenCalled();
  });
});
