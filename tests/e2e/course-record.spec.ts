// 'Acta del curso' on a phone: the instructor downloads the draft, closes the record, downloads it
// as issued, corrects it ('Corregir acta') and closes the one that corrects it. Axe on each state,
// screenshots at 360 and 1280 px.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { adminApi, createCourse, createStudent, dialogSettled, expectNoAxeViolations, screenshot, signInThroughApi } from './helpers.ts';
import { e2eEnv } from './env.ts';
import { pdfText } from '../api/helpers/pdf.ts';
import type { Download, Page } from '@playwright/test';

const onlyFitness = {
  requirements: {
    minAttendancePercent: null,
    examIds: [],
    allActivities: false,
    minJugadasPercent: null,
    fitness: true,
    minObservationAverage: null,
    paymentsUpToDate: false,
  },
  licence: { level: 'Árbitro Provincial', rulesEdition: 'IHF 2025', months: 12 },
};

/** Clicks what starts a download and reads the file's text as a PDF reader extracts it. */
async function downloadedPdf(page: Page, click: () => Promise<void>): Promise<{ file: Download; text: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { file, text: pdfText(await readFile((await file.path())!)) };
}

test('the instructor closes the course record, downloads it, and corrects it, at 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const passed = await createStudent({ name: `Íñigo Núñez ${tag}` });
  const pending = await createStudent({ name: `Zoe Ávila ${tag}` });
  const course = await createCourse({ name: `Árbitros del acta ${tag}`, enableFor: [passed.id, pending.id] });
  await adminApi('PUT', `/api/courses/${course.id}/approval`, onlyFitness, 200);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
  await adminApi('POST', `/api/courses/${course.id}/trainees/${passed.id}/fitness-results`, { testedOn: today, level: 9 }, 201);

  await page.setViewportSize({ width: 360, height: 780 });
  await signInThroughApi(page, e2eEnv().admin);
  await page.goto(`/admin/courses/${course.id}/aprobacion`);

  const section = page.getByRole('region', { name: 'Acta del curso' });
  await expect(section.getByText(/El acta está abierta/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'acta-abierta');

  // The draft: the live outcomes, marked as a draft.
  const draft = await downloadedPdf(page, () => section.getByRole('link', { name: 'Descargar PDF del borrador del acta' }).click());
  expect(draft.file.suggestedFilename()).toMatch(/^acta-borrador-arbitros-del-acta-.*\.pdf$/);
  expect(draft.text).toContain('BORRADOR — el acta no está cerrada');
  expect(draft.text).toContain(`Íñigo Núñez ${tag}`);
  expect(draft.text).toContain('En curso');

  // 'Cerrar acta' says what closing means before it happens.
  await section.getByRole('button', { name: 'Cerrar acta' }).click();
  const closeDialog = page.getByRole('dialog', { name: '¿Cerrar el acta N° 1?' });
  await expect(closeDialog).toContainText('los resultados ya no cambian');
  await expect(closeDialog).toContainText('queda como «No apto»');
  await dialogSettled(page, closeDialog);
  await expectNoAxeViolations(page);
  await closeDialog.getByRole('button', { name: 'Cerrar acta' }).click();
  await expect(closeDialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Acta cerrada' })).toBeVisible();

  const records = section.getByRole('list', { name: 'Actas emitidas' });
  const first = records.getByRole('listitem').filter({ hasText: 'Acta N° 1' });
  await expect(first).toContainText('Vigente');
  await expect(first).toContainText('1 apto de 2');
  await expect(section.getByText(/Acta N° 1 cerrada el .* por Administrador/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Cerrar acta' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'acta-cerrada');

  const issued = await downloadedPdf(page, () => first.getByRole('link', { name: 'Descargar PDF del acta N° 1' }).click());
  expect(issued.text).toContain('Acta N° 1');
  expect(issued.text).toContain(`Zoe Ávila ${tag}`);
  expect(issued.text).toContain('No cumplió: prueba física');
  expect(issued.text).toContain('1 apto de 2');
  expect(issued.text).not.toContain('BORRADOR');

  // 'Corregir acta': the record stays as issued, marked 'Reemplazada', and the course opens again.
  await first.getByRole('button', { name: 'Corregir acta' }).click();
  const correctDialog = page.getByRole('dialog', { name: '¿Corregir el acta N° 1?' });
  await expect(correctDialog).toContainText('El acta se conserva como fue emitida y se abre una nueva para corregir');
  await dialogSettled(page, correctDialog);
  await expectNoAxeViolations(page);
  await correctDialog.getByRole('button', { name: 'Corregir acta' }).click();
  await expect(correctDialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Se abrió el acta para corregir' })).toBeVisible();
  await expect(first).toContainText('Reemplazada');
  await expect(section.getByText(/Esta acta corrige el acta N° 1/)).toBeVisible();

  // Zoe passes now; the record that corrects the first says so.
  await adminApi('POST', `/api/courses/${course.id}/trainees/${pending.id}/fitness-results`, { testedOn: today, level: 10 }, 201);
  await page.reload();
  await section.getByRole('button', { name: 'Cerrar acta' }).click();
  await page.getByRole('dialog', { name: '¿Cerrar el acta N° 2?' }).getByRole('button', { name: 'Cerrar acta' }).click();
  const second = records.getByRole('listitem').filter({ hasText: 'Acta N° 2' });
  await expect(second).toContainText('Vigente');
  await expect(second).toContainText('2 aptos de 2');
  await expect(first).toContainText('Reemplazada');
  const corrected = await downloadedPdf(page, () => second.getByRole('link', { name: 'Descargar PDF del acta N° 2' }).click());
  expect(corrected.text).toMatch(/Rectifica el acta N° 1 del \d\d\/\d\d\/\d{4}/);
  await expectNoAxeViolations(page);
  await screenshot(page, 'acta-corregida');
});
