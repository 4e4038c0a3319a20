// The course on the trainee's phone: a notice delivered to the app's service worker by Chromium's
// DevTools protocol is shown as the course and one line and opens its page; 'Mi cuenta' →
// 'Calendario' at 360 px gives the private address whose feed, read without a session and parsed
// back, has the Saturday class the instructor created, at its time.
import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { addDays, dayOf, instantOf } from '../../src/shared/calendar.ts';
import { expect, test } from './fixtures.ts';
import { adminApi, appRunning, createCourse, createModule, createStudent, expectNoAxeViolations, screenshot, signIn } from './helpers.ts';

// Notices allowed, as on a phone where the trainee said yes. Chromium itself, not its headless shell
// (the suite's default): the shell has no notifications at all (Notification.permission is always
// 'denied' there, whatever the context grants).
test.use({
  serviceWorkers: 'allow',
  viewport: { width: 360, height: 740 },
  permissions: ['notifications'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
});

async function serviceWorkerInControl(page: Page) {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The next Saturday (the course's day), at least two days ahead. */
function nextSaturday(): string {
  let day = addDays(dayOf(new Date()), 2);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 6) day = addDays(day, 1);
  return day;
}

test('a notice pushed to the app’s service worker is shown as the course and one line, and a tap opens its page', async ({
  page,
  context,
  baseURL,
}) => {
  const student = await createStudent({ name: 'Nora Notificada' });
  const course = await createCourse({ name: 'Árbitros del Litoral', enableFor: [student.id] });
  const module = await createModule({ courseId: course.id, name: 'Módulo 2', enableFor: [student.id] });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await serviceWorkerInControl(page);
  await appRunning(page);

  // What the server sends for a correction (push/notices.ts), as the push service delivers it.
  const payload = {
    title: course.name,
    body: 'Tu actividad del Módulo 2 fue corregida',
    url: `/${course.id}/${module.id}/actividades`,
    tag: `correccion:${module.id}`,
  };
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${baseURL}/`)).toBeTruthy();
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId: registrations.get(`${baseURL}/`)!,
    data: JSON.stringify(payload),
  });

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      })),
    );
  await expect.poll(shown).toEqual([{ title: course.name, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);

  // The tap: the browser hands the service worker a 'notificationclick' for that notice.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeTruthy();
  // (Written as the worker's own code: these tests' types have no service worker globals.)
  await worker!.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications();
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  })()`);
  await expect(page).toHaveURL(`${baseURL}${payload.url}`);
  await expect(page.locator('#root')).toContainText('Módulo 2');
  await expect.poll(shown).toEqual([]);
});

test('a trainee opens Calendario on the phone, and the feed at that address lists the Saturday class the instructor created, at its time', async ({
  page,
  playwright,
  baseURL,
}) => {
  const student = await createStudent({ name: 'Carla Calendario' });
  const course = await createCourse({ name: 'Curso de los sábados', enableFor: [student.id] });
  const saturday = nextSaturday();
  const created = await adminApi(
    'POST',
    `/api/courses/${course.id}/lessons`,
    { date: saturday, time: '09:00', durationMinutes: 180, place: 'Club Ferro, Av. Avellaneda 1240', topic: 'Ley 8: faltas y sanciones' },
    201,
  );
  const { lesson } = (await created.json()) as { lesson: { id: string } };

  await page.addInitScript(() => {
    const counted = window as unknown as { permissionAsked: number };
    counted.permissionAsked = 0;
    if ('Notification' in window) {
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof ask>) => {
        counted.permissionAsked += 1;
        return ask(...args);
      };
    }
  });
  await signIn(page, student);
  await expect(page).toHaveURL(/\/inicio$/);
  await page.goto('/mi-cuenta');
  const notices = page.getByRole('region', { name: 'Avisos' });
  await expect(notices.getByRole('combobox', { name: 'Clase presencial (el día antes)' })).toHaveValue('aviso:never');
  // The browser is asked for its permission only when the button is pressed, never on opening the page.
  expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0);
  const calendar = page.getByRole('region', { name: 'Calendario' });
  const address = calendar.getByRole('textbox', { name: 'Dirección privada del calendario' });
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  await expect(calendar.getByRole('link', { name: 'Agregar al calendario del teléfono' })).toHaveAttribute(
    'href',
    url.replace(/^https?:\/\//, 'webcal://'),
  );
  await expect(calendar.getByRole('link', { name: 'Agregar a Google Calendar' })).toHaveAttribute(
    'href',
    `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(url.replace(/^https?:\/\//, 'webcal://'))}`,
  );
  await expect(notices.getByRole('button', { name: 'Recibir avisos en este teléfono' })).toBeVisible();
  await notices.scrollIntoViewIfNeeded();
  await screenshot(page, 'mi-cuenta-avisos-calendario');
  await expectNoAxeViolations(page);

  // The calendar app: no session, only the address.
  const calendarApp = await playwright.request.newContext();
  const feed = await calendarApp.get(url.replace(/^https?:\/\/[^/]+/, baseURL!));
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const component = new ICAL.Component(ICAL.parse(await feed.text()));
  for (const zone of component.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const event = component
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent))
    .find((candidate) => candidate.uid.startsWith(`clase-${lesson.id}@`));
  expect(event).toBeTruthy();
  expect(event!.summary).toBe(`Clase presencial: Ley 8: faltas y sanciones · ${course.name}`);
  expect(event!.location).toBe('Club Ferro, Av. Avellaneda 1240');
  expect(event!.startDate.zone?.tzid).toBe('America/Argentina/Buenos_Aires');
  expect(event!.startDate.toJSDate().toISOString()).toBe(instantOf(saturday, '09:00').toISOString());
  await calendarApp.dispose();

  // 'Cambiar dirección' asks first, then the old address stops working.
  await calendar.getByRole('button', { name: 'Cambiar dirección' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cambiar la dirección del calendario?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cambiar dirección' }).click();
  await expect(address).not.toHaveValue(url);
  const stale = await (await playwright.request.newContext()).get(url.replace(/^https?:\/\/[^/]+/, baseURL!));
  expect(stale.status()).toBe(404);
});
