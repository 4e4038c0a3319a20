import type { Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createCourse, createModule, createStudent, expectNoAxeViolations, screenshot, signIn } from './helpers.ts';

const TOTAL = 120;
const label = (n: number) => `Mensaje ${String(n).padStart(3, '0')}`;

/** Where a message's top is, measured from the top of the scrolling history. */
async function offsetInHistory(page: Page, text: string) {
  const history = page.getByRole('region', { name: 'Historial de mensajes del foro' });
  const [message, area] = await Promise.all([page.getByTestId('mensaje').filter({ hasText: text }).boundingBox(), history.boundingBox()]);
  return message!.y - area!.y;
}

test('a long forum opens on its latest messages; older ones load above by keyboard without moving the reader, and live messages still arrive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const student = await createStudent({ name: 'Paula Historia' });
  const course = await createCourse({ name: `Curso del historial ${suffix}`, enableFor: [student.id] });
  const module = await createModule({
    courseId: course.id,
    name: `Módulo del historial ${suffix}`,
    questions: [],
    enableFor: [student.id],
  });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  for (let n = 1; n <= TOTAL; n += 1) {
    const response = await page.request.post(`/api/modules/${module.id}/messages`, {
      data: { body: `${label(n)}: una duda sobre el reglamento que ocupa algo de lugar en la pantalla.` },
      headers: { origin: e2eEnv().baseURL },
    });
    expect(response.status()).toBe(201);
  }

  // Each older page takes a moment, so the busy button can be seen (long enough for screenshots on the last one).
  let delay = 700;
  await page.route('**/messages?before=*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.continue();
  });
  const stream = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api/modules/${module.id}/events` && response.ok(),
  );
  await page.goto(`/${course.id}/${module.id}/preguntas`);
  await stream;
  const messages = page.getByTestId('mensaje');
  const history = page.getByRole('region', { name: 'Historial de mensajes del foro' });
  const older = page.getByRole('button', { name: 'Ver mensajes anteriores' });

  // The latest 50, the newest at the bottom and in view.
  await expect(messages).toHaveCount(50);
  await expect(messages.first()).toContainText(label(71));
  await expect(messages.last()).toContainText(label(TOTAL));
  await expect(messages.last()).toBeInViewport();
  await expect(older).toBeAttached();
  await expectNoAxeViolations(page);

  // By keyboard: into the history, up to its start, Tab to the button, Enter.
  await history.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => history.evaluate((element) => element.scrollTop)).toBe(0);
  await page.keyboard.press('Tab');
  await expect(older).toBeFocused();
  const before = await offsetInHistory(page, label(71));
  await page.keyboard.press('Enter');
  const busy = page.getByRole('button', { name: 'Cargando mensajes anteriores…' });
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await expect(busy).toBeFocused();

  await expect(messages).toHaveCount(100);
  await expect(messages.first()).toContainText(label(21));
  // The reader's place did not jump: the message that was at the top is where it was.
  expect(Math.abs((await offsetInHistory(page, label(71))) - before)).toBeLessThanOrEqual(2);
  await expect(page.getByRole('status').filter({ hasText: 'Se cargaron 50 mensajes anteriores.' })).toBeAttached();
  await expect(older).toBeFocused();
  await expectNoAxeViolations(page);
  await history.evaluate((element) => (element.scrollTop = 0));
  await screenshot(page, 'foro-historial-mas-mensajes');

  // The start of the forum: the button goes away and focus stays in the history.
  await older.focus();
  delay = 8000;
  await page.keyboard.press('Enter');
  await expect(busy).toBeVisible();
  await screenshot(page, 'foro-historial-cargando');
  await expect(messages).toHaveCount(TOTAL, { timeout: 15_000 });
  await expect(older).toHaveCount(0);
  await expect(history).toBeFocused();
  const texts = await messages.allTextContents();
  expect(texts.map((text) => /Mensaje (\d{3})/.exec(text)?.[1])).toEqual(
    Array.from({ length: TOTAL }, (_, i) => String(i + 1).padStart(3, '0')),
  );
  await expectNoAxeViolations(page);

  // A message written now (here from another tab of the same student) arrives live, at the end.
  const live = await page.request.post(`/api/modules/${module.id}/messages`, {
    data: { body: 'Mensaje en vivo después del historial' },
    headers: { origin: e2eEnv().baseURL },
  });
  expect(live.status()).toBe(201);
  await expect(messages).toHaveCount(TOTAL + 1);
  await expect(messages.last()).toContainText('Mensaje en vivo después del historial');
  await expect(messages.last()).toBeInViewport();
  await history.evaluate((element) => (element.scrollTop = 0));
  await screenshot(page, 'foro-historial-completo');
});
