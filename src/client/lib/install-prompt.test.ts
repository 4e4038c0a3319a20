import { describe, expect, it, vi } from 'vitest';
import { install, listenForInstallPrompt } from './install-prompt.ts';

/** The browser's `beforeinstallprompt`, with the person's answer to its dialog. */
function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe("'Instalar Aula Virtual'", () => {
  const browser = new EventTarget();
  listenForInstallPrompt(browser);

  it('offers nothing until the browser offers to install', async () => {
    expect(await install()).toBe('unavailable');
  });

  it("keeps the browser's offer (without its own bar) and opens its dialog once, when asked", async () => {
    const { event, prompt } = installOffer('accepted');
    browser.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(await install()).toBe('accepted');
    expect(prompt).toHaveBeenCalledOnce();
    // Used once, whatever the answer.
    expect(await install()).toBe('unavailable');
  });

  it('is gone after a dismissal until the browser offers again', async () => {
    browser.dispatchEvent(installOffer('dismissed').event);
    expect(await install()).toBe('dismissed');
    expect(await install()).toBe('unavailable');
    const again = installOffer('accepted');
    browser.dispatchEvent(again.event);
    expect(await install()).toBe('accepted');
  });

  it('is gone once the app is installed (from the browser menu, say)', async () => {
    const { event, prompt } = installOffer('accepted');
    browser.dispatchEvent(event);
    browser.dispatchEvent(new Event('appinstalled'));
    expect(await install()).toBe('unavailable');
    expect(prompt).not.toHaveBeenCalled();
  });
});
