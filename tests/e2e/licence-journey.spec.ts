// The licence journey of issue 24, at 360 px, through the pages only: the instructor requires only
// 'Prueba física aprobada', names who signs the course's certificates ('Firma del certificado',
// which 'Emitir certificados' waits for) and records a passing level on the trainee's page; the trainee becomes
// 'Apto' on the class board; 'Emitir certificados'; the trainee downloads the PDF from 'Mis
// certificados' (its text and QR code read back); the public verification page, opened without
// signing in, says 'Vigente' and never shows the trainee's email; after 'Revocar' it says
// 'Revocado'. Every page is checked with axe, and photographed at 360 and 1280 px.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { pdfQrCodes, pdfText } from '../api/helpers/pdf.ts';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { appRunning, createCourse, createModule, createStudent, expectNoAxeViolations, signIn } from './helpers.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

async function phone(browser: Browser, user?: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'es-AR', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  if (user) await signIn(page, user);
  return page;
}

async function closeNotices(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Cerrar aviso' }).all()) await close.click();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

/** The page as it is now at 360 and 1280 px (full page), each held to axe; the viewport is restored. */
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  const original = page.viewportSize()!;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: original.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(original);
}

test('requirements, a passing physical test, "Emitir certificados", the PDF from "Mis certificados", and the public page before and after "Revocar"', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const trainee = await createStudent({ name: `Lucía Ñandú Pérez ${tag}` });
  const course = await createCourse({ name: `Curso de árbitros ${tag}`, enableFor: [trainee.id] });
  await createModule({ courseId: course.id, name: 'Módulo 1: el juego', enableFor: [trainee.id] });
  const admin = await phone(browser, e2eEnv().admin);
  await expect(admin).toHaveURL(/\/admin\/home$/);

  // 'Requisitos de aprobación': only 'Prueba física aprobada', and the licence's level.
  await admin.goto(`/admin/courses/${course.id}/aprobacion`);
  const requirements = admin.getByRole('form', { name: 'Requisitos de aprobación' });
  await requirements.getByRole('switch', { name: 'Prueba física aprobada' }).check();
  await requirements.getByRole('textbox', { name: 'Nivel' }).fill('Árbitro Provincial');
  await requirements.getByRole('textbox', { name: 'Edición del reglamento' }).fill('IHF 2024');
  await requirements.getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByText('Se guardaron los requisitos')).toBeVisible();
  await closeNotices(admin);
  const certificates = admin.getByRole('region', { name: 'Certificados' });
  // Nobody signs its certificates yet: 'Emitir certificados' says so, with a way to the signature.
  await expect(certificates.getByRole('button', { name: 'Emitir certificados' })).toBeDisabled();
  await expect(certificates).toContainText('Falta la firma del certificado');
  await certificates.getByRole('button', { name: 'Completar la firma' }).click();
  const signature = admin.getByRole('form', { name: 'Firma del certificado' });
  await expect(signature.getByRole('textbox', { name: 'Nombre de quien firma' })).toBeFocused();
  await signature.getByRole('textbox', { name: 'Nombre de quien firma' }).fill('Marta Gómez');
  await signature.getByRole('button', { name: 'Guardar firma' }).click();
  await expect(signature.getByText('Escribí el cargo de quien firma.')).toBeVisible();
  await signature.getByRole('textbox', { name: 'Cargo' }).fill('Directora de la Escuela de Árbitros');
  await shoot(admin, 'firma-del-certificado-form');
  await signature.getByRole('button', { name: 'Guardar firma' }).click();
  await expect(admin.getByText('Se guardó la firma del certificado')).toBeVisible();
  const signerSection = certificates.getByRole('region', { name: 'Firma del certificado' });
  await expect(signerSection).toContainText('Marta Gómez, Directora de la Escuela de Árbitros');
  // Focus stays by the signature, on the button that changes it.
  await expect(signerSection.getByRole('button', { name: 'Cambiar firma' })).toBeFocused();
  await closeNotices(admin);
  // Nobody is 'Apto' yet: nothing to issue, and the page says why.
  await expect(certificates.getByRole('button', { name: 'Emitir certificados' })).toBeDisabled();
  await expect(certificates).toContainText('No hay alumnos aptos sin certificado.');
  await signerSection.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: path.join(SHOTS, 'firma-del-certificado-360.png'), animations: 'disabled' });
  await expectNoAxeViolations(admin);

  // A passing level on the trainee's page.
  await admin.goto(`/admin/users-activities/${trainee.id}/cursos/${course.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: trainee.name })).toBeVisible();
  const fitness = admin.getByRole('region', { name: 'Prueba física' });
  await fitness.getByRole('button', { name: 'Registrar prueba física' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Registrar prueba física' });
  await dialog.getByRole('textbox', { name: 'Nivel' }).fill('9');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(fitness).toContainText('Aprobada');
  await closeNotices(admin);

  // 'Apto' on the class board.
  await admin.goto(`/admin/courses/${course.id}/progreso`);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: new RegExp(trainee.name) }) });
  await expect(row).toContainText('Apto');
  await expect(row).not.toContainText('No apto');
  await expectNoAxeViolations(admin);

  // 'Emitir certificados', after saying for whom.
  await admin.goto(`/admin/courses/${course.id}/aprobacion`);
  await expect(certificates).toContainText('1 alumno apto sin certificado');
  await certificates.getByRole('button', { name: 'Emitir certificados' }).click();
  const confirm = admin.getByRole('dialog', { name: '¿Emitir certificados?' });
  await expect(confirm).toContainText(trainee.name);
  await confirm.getByRole('button', { name: 'Emitir 1 certificado' }).click();
  await expect(admin.getByText('1 certificado emitido')).toBeVisible();
  await closeNotices(admin);
  const issued = certificates.getByRole('list', { name: 'Certificados emitidos' }).getByRole('listitem').filter({ hasText: trainee.name });
  await expect(issued).toContainText('Vigente');
  await expect(certificates.getByRole('button', { name: 'Emitir certificados' })).toBeDisabled();
  const code = (await issued.getByRole('link', { name: /^AV-/ }).textContent())!.trim();
  expect(code).toMatch(/^AV-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await shoot(admin, 'approval-certificates');

  // The trainee finds it in 'Mi cuenta' → 'Mis certificados' and downloads the PDF.
  const student = await phone(browser, trainee);
  await expect(student).toHaveURL(/\/inicio$/);
  await student.goto('/mi-cuenta');
  await appRunning(student);
  await student.getByRole('link', { name: 'Ver mis certificados' }).click();
  await expect(student.getByRole('heading', { level: 1, name: 'Mis certificados' })).toBeVisible();
  const card = student.getByRole('article', { name: course.name });
  await expect(card).toContainText('Árbitro Provincial');
  await expect(card).toContainText('Vigente');
  const verifyUrl = `${e2eEnv().baseURL}/verificar/${code}`;
  const address = card.getByRole('link', { name: verifyUrl });
  await expect(address).toBeVisible();
  // At 360 px the address breaks where a reader expects (after a slash, before a dot): no piece of it,
  // and never the code, is cut across two lines.
  const cutPieces = await address.evaluate((link) =>
    [...link.childNodes].flatMap((node) => {
      if (!node.textContent) return [];
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1 ? [node.textContent] : [];
    }),
  );
  expect(cutPieces).toEqual([]);
  await shoot(student, 'my-certificates');
  const [download] = await Promise.all([student.waitForEvent('download'), card.getByRole('link', { name: /Descargar PDF/ }).click()]);
  expect(download.suggestedFilename()).toBe(`certificado-lucia-nandu-perez-${tag}-${code}.pdf`);
  const pdf = await readFile((await download.path())!);
  const text = pdfText(pdf);
  expect(text).toContain(trainee.name);
  expect(text).toContain(course.name);
  expect(text).toContain('Árbitro Provincial');
  expect(text).toContain(code);
  expect(text).toMatch(/Emitido el \d{1,2} de [a-z]+ de \d{4}/);
  // Signed by whom the course names, not by the account that issued it.
  expect(text).toContain('Marta Gómez');
  expect(text).toContain('Directora de la Escuela de Árbitros');
  expect(text).not.toContain('Administrador');
  expect(pdfQrCodes(pdf)).toEqual([verifyUrl]);

  // The public page, in a browser that never signed in.
  const visitor = await phone(browser);
  await visitor.goto(verifyUrl);
  await expect(visitor.getByTestId('certificate-state')).toHaveText('Vigente');
  await expect(visitor.getByRole('main')).toContainText(trainee.name);
  await expect(visitor.getByRole('main')).toContainText(course.name);
  await expect(visitor.getByRole('main')).toContainText('Árbitro Provincial');
  expect(await visitor.content()).not.toContain(trainee.email);
  await shoot(visitor, 'verify-vigente');

  // 'Revocar', with its reason.
  await issued.getByRole('button', { name: `Revocar el certificado de ${trainee.name}` }).click();
  const revoke = admin.getByRole('dialog', { name: 'Revocar certificado' });
  await revoke.getByRole('button', { name: 'Revocar' }).click();
  await expect(revoke.getByText('Este campo es requerido')).toBeVisible();
  await revoke.getByRole('textbox', { name: 'Motivo' }).fill('Emitido por error: falta la observación de partido');
  await revoke.getByRole('button', { name: 'Revocar' }).click();
  await expect(revoke).toBeHidden();
  await expect(admin.getByText('Certificado revocado')).toBeVisible();
  await closeNotices(admin);
  await expect(issued).toContainText('Revocado');
  await expect(issued).toContainText('Emitido por error');
  // Still 'Apto', now without a certificate in force: it could be issued again.
  await expect(certificates).toContainText('1 alumno apto sin certificado');
  await shoot(admin, 'approval-certificates-revoked');

  await visitor.reload();
  await expect(visitor.getByTestId('certificate-state')).toHaveText('Revocado');
  expect(await visitor.content()).not.toContain(trainee.email);
  await shoot(visitor, 'verify-revocado');

  // A code typed by hand (lower case, without dashes) that does not exist.
  await visitor.getByRole('textbox', { name: 'Verificar otro código' }).fill('av00000000');
  await visitor.getByRole('button', { name: 'Verificar' }).click();
  await expect(visitor).toHaveURL(/\/verificar\/AV-0000-0000$/);
  await expect(visitor.getByText('No encontramos ese certificado')).toBeVisible();
  // Only the new code's answer: nothing of the certificate shown before.
  await expect(visitor.getByTestId('certificate-state')).toHaveCount(0);
  await expect(visitor.getByRole('main')).not.toContainText(trainee.name);
  await shoot(visitor, 'verify-unknown');

  // And the trainee's list says it was revoked, with no PDF to hand out.
  await student.reload();
  await expect(card).toContainText('Revocado');
  await expect(card.getByRole('link', { name: /Descargar PDF/ })).toHaveCount(0);
  await expectNoAxeViolations(student);
});
