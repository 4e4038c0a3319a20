import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkForUpdates, createAppUpdate, UPDATE_CHECK_MS } from './app-update.ts';

describe('a new version of the app', () => {
  afterEach(() => vi.useRealTimers());

  it("reloads the page only after this page's 'Actualizar', once the new version is in control", async () => {
    const reload = vi.fn();
    const update = createAppUpdate(reload);
    const activate = vi.fn(() => Promise.resolve());
    await update.accept(activate);
    expect(activate).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    update.tookControl();
    expect(reload).toHaveBeenCalledOnce();
    // The browser may say so more than once: one reload.
    update.tookControl();
    expect(reload).toHaveBeenCalledOnce();
  });

  it("never reloads a page by itself, even when another tab's 'Actualizar' gave the new version control", () => {
    const reload = vi.fn();
    const update = createAppUpdate(reload);
    update.tookControl();
    update.tookControl();
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks for a new version every hour while online, and keeps asking after a failed check', async () => {
    vi.useFakeTimers();
    let online = true;
    const registration = { update: vi.fn(() => Promise.reject(new Error('sin red'))) };
    const stop = checkForUpdates(registration as never, () => online);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    online = false;
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
    online = true;
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS * 3);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });
});
