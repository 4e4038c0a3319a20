import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { reportReached, reportUnreachable } from './connectivity.ts';
import { createQueryClient } from './query-client.ts';

describe('the app’s reads', () => {
  afterEach(() => {
    reportReached();
    onlineManager.setOnline(true);
  });

  it('go out though the browser says it has no network (the service worker answers what was downloaded), and one failed without connection is not repeated', async () => {
    // The browser said 'offline' while the app was open.
    onlineManager.setOnline(false);
    reportUnreachable();
    const client = createQueryClient();
    const read = vi.fn().mockRejectedValue(new ApiError(0, 'INTERNAL', 'sin red'));
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn: read })).rejects.toMatchObject({ status: 0 });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('with the connection, a read lost on the way is repeated; a refusal is not', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, new ApiError(0, 'INTERNAL', 'perdido'))).toBe(true);
    expect(retry(2, new ApiError(0, 'INTERNAL', 'perdido'))).toBe(false);
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'no está'))).toBe(false);
    reportUnreachable();
    expect(retry(0, new ApiError(0, 'INTERNAL', 'perdido'))).toBe(false);
  });
});
