// A trainee uploads a match from a phone (360 px), as it happens at a club: 'Mis partidos' in the
// menu, 'Subir partido' with the video made by ffmpeg, Fecha, Partido, Categoría and Pareja; the
// upload goes slowly (the phone's connection, emulated), showing its bar, the MB sent and the time
// left; the connection stops part of the way and the tab is closed; on a fresh page the trainee
// chooses the same file and the upload continues from where it stopped (not from 0), arriving
// identical by hash; the match shows in 'Mis partidos' until it is 'Listo', and in the pair's. axe
// finds nothing.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { adminApi, appRunning, createCourse, createStudent, expectNoAxeViolations, screenshot, signInThroughApi } from './helpers.ts';

const run = promisify(execFile);

async function phone(browser: Browser, user: { email: string; password: string }, baseURL = e2eEnv().baseURL) {
  const context = await browser.newContext({ baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughApi(page, user);
  return { context, page };
}

/**
 * The phone's connection to the app: a forwarder on loopback whose uploads reach the server at
 * `bytesPerSecond` and stop altogether once `stopAfter` bytes went through (the signal lost), so
 * the server has exactly what got there when the connection drops. (Chromium's own throttling of
 * uploads delays the request's progress, not its bytes: the whole piece could reach the server
 * before the tab closed.) `open()` lets everything through again.
 */
async function phoneLink(bytesPerSecond: number, stopAfter: number) {
  const app = new URL(e2eEnv().baseURL);
  const state = { forwarded: 0, open: false };
  const sockets = new Set<net.Socket>();
  const paced = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        const forward = async () => {
          for (let at = 0; at < chunk.length; at += 16_384) {
            const piece = chunk.subarray(at, at + 16_384);
            while (!state.open && state.forwarded + piece.length > stopAfter) await sleep(50);
            this.push(piece);
            state.forwarded += piece.length;
            if (!state.open) await sleep((piece.length / bytesPerSecond) * 1000);
          }
        };
        forward().then(() => done(), done);
      },
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(app.port), app.hostname);
    const pace = paced();
    for (const stream of [client, upstream, pace]) {
      stream.on('error', () => undefined);
      stream.on('close', () => {
        client.destroy();
        upstream.destroy();
        pace.destroy();
      });
    }
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(pace).pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    forwarded: () => state.forwarded,
    open: () => void (state.open = true),
    /** The connections drop, as when the signal goes for good: the server keeps what reached it. */
    drop: () => sockets.forEach((socket) => socket.destroy()),
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      server.close();
    },
  };
}

/** The match card of `title` in the list. */
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test('a trainee uploads a match from the phone: cut by a closed tab, continued on a fresh page with the same file, it shows in Mis partidos', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  const trainee = await createStudent({ name: `Ana Subida ${tag}` });
  const partner = await createStudent({ name: `Bruno Pareja ${tag}` });
  const instructor = await createStudent({ name: `Inés Instructora ${tag}` });
  const course = await createCourse({ name: `Curso de árbitros ${tag}`, enableFor: [trainee.id, partner.id] });
  await adminApi('POST', `/api/courses/${course.id}/team`, { userId: instructor.id, roles: ['instructor'] }, 201);
  const title = `Vélez – Ferro ${tag}`;

  // A 20-second match of about 12 MB, as a phone records it (H.264 in MP4).
  const dir = await mkdtemp(path.join(tmpdir(), 'partido-e2e-'));
  const file = path.join(dir, 'partido.mp4');
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=20:size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=20'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '5M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', file],
  ]);
  const size = (await stat(file)).size;
  const hash = createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

  // The phone's connection: 300 kB a second (about 40 s for the match), lost at 40 %.
  const link = await phoneLink(300 * 1024, Math.round(size * 0.4));
  try {
    // 'Mis partidos' from the menu, then 'Subir partido'.
    const first = await phone(browser, trainee, link.url);
    const page = first.page;
    await page.goto('/inicio');
    await appRunning(page);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mis partidos' }).click();
    await expect(page.getByRole('heading', { name: 'Mis partidos', level: 1 })).toBeVisible();
    await expect(page.getByText('Todavía no subiste partidos.')).toBeVisible();
    await page.getByRole('button', { name: 'Subir partido' }).first().click();
    const form = page.getByRole('form', { name: 'Subir partido' });
    await form.locator('input[type="file"]').setInputFiles(file);
    await form.getByRole('textbox', { name: 'Fecha' }).fill('14/11/2026');
    await form.getByRole('textbox', { name: 'Partido' }).fill(title);
    await form.getByRole('textbox', { name: 'Categoría' }).fill('Primera B');
    await form.getByRole('textbox', { name: 'Pareja' }).click();
    await page.getByRole('option', { name: partner.name }).click();
    await expectNoAxeViolations(page);
    await screenshot(page, 'subir-partido');

    // The bar, the MB sent and the time left move as the bytes go.
    await form.getByRole('button', { name: 'Subir partido' }).click();
    const match = card(page, title);
    await expect(match).toBeVisible();
    await expect(match.getByText('Subiendo')).toBeVisible();
    const bar = match.getByRole('progressbar');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    await expect(match.getByText(/MB de \d+(,\d)? MB/)).toBeVisible();
    await expect(match.getByText(/^(quedan? .*|queda menos de un minuto)$/)).toBeVisible();
    await screenshot(page, 'mis-partidos-subiendo');
    // The signal is lost at 40 %, the connection drops and the tab is closed; then the signal is back.
    await expect.poll(link.forwarded, { timeout: 30_000 }).toBeGreaterThanOrEqual(size * 0.39);
    await expect(match.getByText('Subiendo')).toBeVisible();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    link.drop();
    await page.close();
    link.open();

    // A fresh page: the match waits for the rest; the same file continues it from where it stopped.
    const again = await first.context.newPage();
    const offsets: number[] = [];
    again.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/matches/uploads/'))
        offsets.push(Number(request.headers()['upload-offset']));
    });
    await again.goto('/partidos');
    await appRunning(again);
    const waiting = card(again, title);
    await expect(waiting.getByText('Subida en pausa')).toBeVisible();
    await expect(waiting.getByText(/Elegí el mismo archivo para seguir desde donde quedó/)).toBeVisible();
    await expectNoAxeViolations(again);
    await screenshot(again, 'mis-partidos-en-pausa');
    const chooser = again.waitForEvent('filechooser');
    await waiting.getByRole('button', { name: 'Seguir subiendo' }).click();
    await (await chooser).setFiles(file);
    await expect(waiting.getByText(/^(Procesando….*|Listo)$/)).toBeVisible({ timeout: 60_000 });
    expect(offsets.length).toBeGreaterThan(0);
    // From what the server had when the signal went: about 40 %, never the whole or nothing.
    expect(offsets[0]).toBeGreaterThan(size * 0.3);
    expect(offsets[0]).toBeLessThan(size * 0.41);

    // The server has the same bytes.
    const { baseURL } = e2eEnv();
    const cookie = (await first.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const matches = (await (await fetch(`${baseURL}/api/matches`, { headers: { cookie } })).json()) as {
      matches: Array<{ id: string; title: string }>;
    };
    const id = matches.matches.find((item) => item.title === title)!.id;
    const original = Buffer.from(await (await fetch(`${baseURL}/api/matches/${id}/files/original`, { headers: { cookie } })).arrayBuffer());
    expect(original.length).toBe(size);
    expect(createHash('sha256').update(original).digest('hex')).toBe(hash);

    // Converted by the worker: 'Listo', with its way to the match's page.
    await expect(waiting.getByText('Listo')).toBeVisible({ timeout: 120_000 });
    await expect(waiting.getByRole('link', { name: 'Ver partido' })).toBeVisible();
    await expectNoAxeViolations(again);
    await screenshot(again, 'mis-partidos-listo');

    // The pair sees it too, uploaded by the trainee.
    const bruno = await phone(browser, partner);
    await bruno.page.goto('/partidos');
    await appRunning(bruno.page);
    await expect(card(bruno.page, title).getByText(`Subido por ${trainee.name}`)).toBeVisible();
    await expect(card(bruno.page, title).getByRole('button', { name: 'Borrar' })).toHaveCount(0);

    // The course's instructor: the course's 'Partidos', with its storage and the match.
    const ines = await phone(browser, instructor);
    await ines.page.goto(`/admin/courses/${course.id}`);
    await ines.page.getByRole('link', { name: /^Partidos/ }).click();
    await expect(ines.page.getByRole('heading', { name: 'Partidos', level: 1 })).toBeVisible();
    await expect(ines.page.getByText(/^Partidos: \d+(,\d)? MB de 20 GB$/)).toBeVisible();
    await expect(card(ines.page, title).getByText(`Subido por ${trainee.name}`)).toBeVisible();
    await expect(card(ines.page, title).getByRole('link', { name: 'Ver partido' })).toHaveAttribute('href', `/admin/partidos/${id}`);
    await expectNoAxeViolations(ines.page);
    await screenshot(ines.page, 'partidos-del-curso');
  } finally {
    link.close();
    await rm(dir, { recursive: true, force: true });
  }
});
