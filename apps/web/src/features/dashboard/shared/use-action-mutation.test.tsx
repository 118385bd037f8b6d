// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { AtriumError } from '@atrium/sdk';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useActionMutation } from './use-action-mutation.ts';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => vi.restoreAllMocks());

describe('useActionMutation', () => {
  it("tells the owner the server's message when an action fails", async () => {
    const shown = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const failure = new AtriumError('SLOT_UNAVAILABLE', 'The slot was just taken', { status: 409 });
    const { result } = renderHook(
      () => useActionMutation({ mutationFn: async () => Promise.reject(failure) }),
      {
        wrapper,
      },
    );
    await act(async () => {
      await result.current.mutateAsync().catch(() => undefined);
    });
    expect(shown).toHaveBeenCalledWith({ color: 'red', message: 'The slot was just taken' });
  });

  it('leaves failures to a caller that handles them itself', async () => {
    const shown = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const handled = vi.fn();
    const { result } = renderHook(
      () =>
        useActionMutation({ mutationFn: async () => Promise.reject(new Error('nope')), onError: handled }),
      { wrapper },
    );
    await act(async () => {
      await result.current.mutateAsync().catch(() => undefined);
    });
    expect(handled).toHaveBeenCalled();
    expect(shown).not.toHaveBeenCalled();
  });
});
