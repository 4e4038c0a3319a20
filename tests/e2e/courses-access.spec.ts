import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { bannerPng, simplePdf } from '../../src/server/seed/sample-files.ts';
import { e2eEnv } from './env.ts';
import { fakeYouTube } from './fake-youtube.ts';
import { expect, test } from './fixtures.ts';
import { screenshot, signIn, uniqueEmail } from './helpers.ts';

// ---------------------------------------------------------------------------------------------
// Small page helpers.
// ---------------------------------------------------------------------------------------------

/** Opens the side menu and follows one of its links, as a person does. */
async function goViaMenu(page: Page, label: string) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu).toBeInViewport();
  await menu.getByRole('link', { name: label, exact: true }).click();
  await expect(menu).not.toBeInViewport();
}

/** Picks a course in the searchable 'Curso' selector by typing part of its name. */
async function pickCourse(page: Page, courseName: string) {
  const select = page.getByRole('textbox', { name: 'Curso' });
  await expect(select).toBeEnabled();
  await select.click();
  await select.fill(courseName);
  await page.getByRole('option', { name: courseName, exact: true }).click();
  await expect(select).toHaveValue(courseName);
}

/** The popup after a create: checks its message and closes it with Ok. */
async function confirmPopup(page: Page, message: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}

/** Picks a picture in the page's image field and waits until it is compressed and previewed. */
async function pickImage(page: Page, file: string) {
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toBeVisible();
  await expect(page.getByText(/^Imagen optimizada: /)).toBeVisible();
}

/** An <img> really shows a picture (not the grey fallback) once it has loaded. */
async function expectImageLoaded(page: Page, image: ReturnType<Page['locator']>) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('src', /\/api\/images\//);
  await expect
    .poll(() =>
      image.evaluate(
        (element: HTMLImageElement) => element.complete && element.naturalWidth > 0 && !element.currentSrc.startsWith('data:'),
      ),
    )
    .toBe(true);
}

/** Checks a confirmation toast and closes it, so it does not cover the next page's title. */
async function dismissNotice(page: Page, title: string, text?: string) {
  const notice = page.getByRole('alert').filter({ hasText: title });
  await expect(notice).toBeVisible();
  if (text) await expect(notice).toContainText(text);
  await notice.getByRole('button', { name: 'Cerrar aviso' }).click();
  await expect(notice).toBeHidden();
}

/**
 * The shared screenshot helper, from the top of the page: a full-page capture of a scrolled
 * page draws the fixed top bar where the viewport was, across the middle of the picture.
 */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const jsonId = async (response: Promise<Response>, key: 'course' | 'module' | 'document') => {
  const settled = await response;
  expect(settled.status()).toBe(201);
  return ((await settled.json()) as Record<string, { id: string }>)[key]!.id;
};
const created = (page: Page, method: string, pathPattern: RegExp) =>
  page.waitForResponse((response) => response.request().method() === method && pathPattern.test(new URL(response.url()).pathname));

// ---------------------------------------------------------------------------------------------

test('the admin creates a course with modules and a document, enables one module for a new student, who can use it until it is blocked again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Unique among runs and among workers running this test at the same time.
  const tag = `${Date.now().toString(36).slice(-4)}${test.info().parallelIndex}`;
  const course = {
    name: `Reglamento de Handball ${tag}`,
    description: `Bienvenidos al curso de árbitros de handball.\nSon 5 módulos: 4 teóricos y el último de evaluación y práctica.\nClases presenciales los sábados a la mañana.`,
  };
  const firstModule = { name: `Reglas del juego ${tag}`, video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', videoId: 'dQw4w9WgXcQ' };
  const secondModule = { name: `Sanciones progresivas ${tag}`, video: 'M7lc1UVf-VE' };
  const questions = ['¿Cuántos jugadores hay en cancha por equipo?', '¿Cuánto dura un partido?', '¿Qué es el juego pasivo?'];
  const documentName = `Reglamento oficial ${tag}`;
  const student = { name: `Lucía Benítez ${tag}`, email: uniqueEmail('lucia'), password: 'clave-lucia-1' };

  const folder = await mkdtemp(path.join(tmpdir(), 'aula-e2e-files-'));
  const coursePng = path.join(folder, 'portada-curso.png');
  const modulePng = path.join(folder, 'modulo-reglas.png');
  const module2Png = path.join(folder, 'modulo-sanciones.png');
  const pdfFile = path.join(folder, 'reglamento.pdf');
  await writeFile(coursePng, bannerPng([21, 101, 192], [0, 172, 193], 320, 180));
  await writeFile(modulePng, bannerPng([46, 125, 50], [205, 220, 57], 320, 180));
  await writeFile(module2Png, bannerPng([198, 40, 40], [255, 160, 0], 320, 180));
  await writeFile(pdfFile, simplePdf('Reglamento oficial de handball', ['Material de prueba del curso.']));

  try {
    let courseId = '';
    let moduleId = '';

    await test.step('the admin creates the course', async () => {
      await signIn(page, e2eEnv().admin);
      await expect(page).toHaveURL(/\/admin\/home$/);
      await page
        .getByRole('main')
        .getByRole('link', { name: /^Crear Curso/ })
        .click();
      await expect(page).toHaveURL(/\/admin\/create-course$/);
      await expect(page.getByRole('heading', { name: 'Crear Curso', level: 1 })).toBeVisible();

      await pickImage(page, coursePng);
      await page.getByRole('textbox', { name: 'Nombre del curso' }).fill(course.name);
      await page.getByRole('textbox', { name: 'Descripción' }).fill(course.description);
      await shot(page, 'courses-access-create-course');

      const response = created(page, 'POST', /^\/api\/courses$/);
      await page.getByRole('button', { name: 'Crear curso' }).click();
      courseId = await jsonId(response, 'course');
      await confirmPopup(page, 'El curso se creó con éxito');

      // The form is empty again and the new course is listed with its picture.
      await expect(page.getByRole('textbox', { name: 'Nombre del curso' })).toHaveValue('');
      const card = page.getByRole('region', { name: 'Cursos existentes' }).getByRole('listitem').filter({ hasText: course.name });
      await expect(card).toBeVisible();
      await expectImageLoaded(page, card.locator('img'));
      await expect(card.getByRole('button', { name: `Editar curso ${course.name}` })).toBeVisible();
      await shot(page, 'courses-access-create-course-created');
    });

    await test.step('the admin creates two modules, the first with three questions', async () => {
      // The editor's player reads each YouTube video's length (the fake API's videos are 1:40).
      await fakeYouTube(page);
      await goViaMenu(page, 'Crear Módulo');
      await expect(page).toHaveURL(/\/admin\/create-module$/);
      await expect(page.getByRole('heading', { name: 'Crear Módulo', level: 1 })).toBeVisible();
      await pickCourse(page, course.name);
      const moduleList = page.getByRole('region', { name: 'Módulos del curso' });
      await expect(moduleList).toContainText('Este curso todavía no tiene módulos.');

      await pickImage(page, modulePng);
      await page.getByRole('textbox', { name: 'Nombre del módulo' }).fill(firstModule.name);
      await page.getByRole('textbox', { name: 'Video' }).fill(firstModule.video);
      await expect(page.getByText(`Se verá con el reproductor de YouTube (video ${firstModule.videoId}).`)).toBeVisible();
      const duration = page.getByRole('textbox', { name: 'Duración (mm:ss)' });
      await expect(duration).toHaveValue('1:40');
      await expect(duration).toHaveAccessibleDescription('Leída del video. Con ella se calcula cuánto vio cada alumno.');

      // An empty (or blank) question is not added.
      const questionsBox = page.getByRole('group', { name: /^Preguntas/ });
      const draft = page.getByRole('textbox', { name: 'Nueva pregunta' });
      const add = page.getByRole('button', { name: 'Agregar pregunta' });
      await add.click();
      await expect(draft).toHaveAccessibleDescription('Escribí la pregunta antes de agregarla.');
      await draft.fill('   ');
      await add.click();
      await expect(questionsBox).toContainText('Preguntas (0)');
      await expect(questionsBox.getByRole('listitem')).toHaveCount(0);

      for (const [index, question] of questions.entries()) {
        await draft.fill(question);
        await add.click();
        await expect(draft).toHaveValue('');
        await expect(page.getByRole('textbox', { name: `Pregunta ${index + 1}`, exact: true })).toHaveValue(question);
      }
      await expect(questionsBox).toContainText('Preguntas (3)');
      await expect(questionsBox.getByRole('listitem')).toHaveCount(3);
      await shot(page, 'courses-access-create-module');

      let response = created(page, 'POST', /^\/api\/modules$/);
      await page.getByRole('button', { name: 'Crear módulo' }).click();
      moduleId = await jsonId(response, 'module');
      await confirmPopup(page, 'El módulo se creó con éxito');
      await expect(questionsBox).toContainText('Preguntas (0)');
      await expect(moduleList.getByRole('listitem').filter({ hasText: firstModule.name })).toContainText('3 preguntas · Video de YouTube');

      // A second module, which the student will only see as upcoming.
      await pickImage(page, module2Png);
      await page.getByRole('textbox', { name: 'Nombre del módulo' }).fill(secondModule.name);
      await page.getByRole('textbox', { name: 'Video' }).fill(secondModule.video);
      await draft.fill('¿Cuándo corresponde una exclusión de 2 minutos?');
      await add.click();
      // The instructor corrects the length read: too short a one is refused on its field.
      await expect(duration).toHaveValue('1:40');
      await duration.fill('0:05');
      await page.getByRole('button', { name: 'Crear módulo' }).click();
      await expect(duration).toHaveAccessibleDescription(/Escribí la duración como mm:ss \(o h:mm:ss\): entre 0:10 y 24:00:00\./);
      await duration.fill('12:30');
      response = created(page, 'POST', /^\/api\/modules$/);
      await page.getByRole('button', { name: 'Crear módulo' }).click();
      await jsonId(response, 'module');
      await confirmPopup(page, 'El módulo se creó con éxito');
      const rows = moduleList.getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(`1. ${firstModule.name}`);
      await expect(rows.nth(1)).toContainText(`2. ${secondModule.name}`);
      await expect(rows.nth(1)).toContainText('1 pregunta · Video de YouTube');
      await shot(page, 'courses-access-create-module-created');
    });

    await test.step('the admin uploads a PDF to the course', async () => {
      await goViaMenu(page, 'Subir Documentos');
      await expect(page).toHaveURL(/\/admin\/upload-documents$/);
      await expect(page.getByRole('heading', { name: 'Subir Documentos', level: 1 })).toBeVisible();
      await expect(page.getByText('Elegí un curso para ver sus documentos y subir nuevos.')).toBeVisible();
      await pickCourse(page, course.name);
      const list = page.getByRole('region', { name: /^Documentos del curso/ });
      await expect(list).toContainText('Todavía no hay documentos en este curso.');

      await page.locator('input[type="file"]').setInputFiles(pdfFile);
      const name = page.getByRole('textbox', { name: 'Nombre del documento' });
      await expect(name).toHaveValue('reglamento'); // suggested from the file name
      await name.fill(documentName);
      const response = created(page, 'POST', /^\/api\/courses\/[^/]+\/documents$/);
      await page.getByRole('button', { name: 'Subir documento' }).click();
      await jsonId(response, 'document');
      // Checked and closed at once: the notice closes itself after a few seconds, sooner than a
      // screenshot and an axe scan take on a loaded machine.
      await dismissNotice(page, 'Documento subido', `«${documentName}» ya está disponible para los alumnos del curso.`);
      await expect(name).toHaveValue('');

      await expect(list.getByRole('heading', { name: 'Documentos del curso (1)' })).toBeVisible();
      const row = list.getByRole('listitem').filter({ hasText: documentName });
      await expect(row.getByRole('link', { name: new RegExp(`^${documentName}`) })).toHaveAttribute(
        'href',
        /^\/api\/documents\/[^/]+\/file$/,
      );
      await expect(row).toContainText(/PDF · \d+ B · /);
      await shot(page, 'courses-access-upload-documents');
    });

    let studentId = '';
    await test.step('the admin creates the student and enables the course and its first module', async () => {
      await goViaMenu(page, 'Crear usuario');
      await expect(page).toHaveURL(/\/admin\/users$/);
      await page.getByRole('textbox', { name: 'Nombre completo' }).fill(student.name);
      await page.getByRole('textbox', { name: 'Email' }).fill(student.email);
      await page.getByRole('radio', { name: 'Elegir la contraseña ahora' }).check();
      await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(student.password);
      await page.getByRole('button', { name: 'Crear usuario' }).click();
      await confirmPopup(page, '¡Usuario Creado!');

      await goViaMenu(page, 'Lista de Usuarios');
      await expect(page).toHaveURL(/\/admin\/users-activities$/);
      await expect(page.getByRole('heading', { name: 'Lista de Usuarios', level: 1 })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Buscar usuario' }).fill(student.name.toUpperCase());
      await expect(page.getByText(`1 usuario coincide con “${student.name.toUpperCase()}”`)).toBeVisible();
      const userLink = page.getByRole('main').getByRole('listitem').getByRole('link');
      await expect(userLink).toHaveCount(1);
      await expect(userLink).toContainText(student.name);
      await expect(userLink).toContainText(student.email);
      await shot(page, 'courses-access-users-list');

      await userLink.click();
      await expect(page).toHaveURL(/\/admin\/users-activities\/[^/]+\/cursos$/);
      studentId = decodeURIComponent(new URL(page.url()).pathname.split('/')[3]!);
      await expect(page.getByRole('heading', { name: student.name, level: 1 })).toBeVisible();
      const courseRow = page.getByRole('main').getByRole('listitem').filter({ hasText: course.name });
      await expect(courseRow).toContainText('Bloqueado');
      await courseRow.getByRole('button', { name: `Habilitar el curso ${course.name}` }).click();
      await expect(courseRow.getByRole('button', { name: `Bloquear el curso ${course.name}` })).toBeVisible();
      await expect(courseRow).toContainText('Habilitado');
      await dismissNotice(page, 'Curso habilitado', `${course.name}, para ${student.name}.`);
      await shot(page, 'courses-access-user-courses');

      await courseRow.getByRole('link', { name: `Ver módulos del curso ${course.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/users-activities/${studentId}/cursos/${courseId}/modules$`));
      await expect(page.getByRole('heading', { name: course.name, level: 1 })).toBeVisible();
      await expect(page.getByText(`Módulos de ${student.name} · ${student.email}`)).toBeVisible();
      await expect(page.getByText('0 de 2 habilitados')).toBeVisible();
      const moduleRows = page.getByRole('main').getByRole('listitem');
      await expect(moduleRows).toHaveCount(2);
      for (const [index, module] of [firstModule, secondModule].entries()) {
        await expect(moduleRows.nth(index)).toContainText(`Módulo ${index + 1}`);
        await expect(moduleRows.nth(index)).toContainText(module.name);
        await expect(moduleRows.nth(index)).toContainText('Bloqueado');
      }
      await moduleRows
        .nth(0)
        .getByRole('button', { name: `Habilitar el módulo ${firstModule.name}` })
        .click();
      await expect(moduleRows.nth(0).getByRole('button', { name: `Bloquear el módulo ${firstModule.name}` })).toBeVisible();
      await expect(moduleRows.nth(0).getByRole('link', { name: `Ver respuestas del módulo ${firstModule.name}` })).toBeVisible();
      await expect(moduleRows.nth(1).getByRole('button', { name: `Habilitar el módulo ${secondModule.name}` })).toBeVisible();
      await expect(page.getByText('1 de 2 habilitados')).toBeVisible();
      await dismissNotice(page, 'Módulo habilitado', `${firstModule.name}, para ${student.name}.`);
      await shot(page, 'courses-access-user-modules');
    });

    // The student, on their own browser.
    const studentContext = await browser.newContext({ baseURL });
    // No request leaves 127.0.0.1: YouTube's IFrame API is a fake that builds the same frame.
    await fakeYouTube(studentContext);
    const studentPage = await studentContext.newPage();
    const modulePath = `/${courseId}/${moduleId}/modulo`;

    await test.step('the student sees the course, its welcome text, the enabled module and the document', async () => {
      await signIn(studentPage, student);
      await expect(studentPage).toHaveURL(/\/inicio$/);
      await expect(studentPage.getByRole('heading', { name: 'Mis cursos', level: 1 })).toBeVisible();
      const courseCard = studentPage.getByRole('main').getByRole('link', { name: course.name });
      await expect(courseCard).toHaveCount(1);
      await expect(courseCard).toHaveAttribute('href', `/${courseId}`);
      await expectImageLoaded(studentPage, courseCard.locator('img'));
      await shot(studentPage, 'courses-access-student-inicio');

      await courseCard.click();
      await expect(studentPage).toHaveURL(new RegExp(`/${courseId}$`));
      await expect(studentPage.getByRole('heading', { name: course.name, level: 1 })).toBeVisible();
      const welcome = studentPage.getByRole('main').getByText(course.description.split('\n')[0]!);
      await expect(welcome).toBeVisible();
      expect(await welcome.innerText()).toBe(course.description); // line breaks kept
      await expectImageLoaded(studentPage, studentPage.getByRole('main').locator('img').first());
      await shot(studentPage, 'courses-access-course-welcome');

      await studentPage.getByRole('link', { name: 'Comenzar' }).click();
      await expect(studentPage).toHaveURL(new RegExp(`/${courseId}/modulos$`));
      await expect(studentPage.getByRole('heading', { name: 'Módulos', level: 1 })).toBeVisible();
      const openModule = studentPage.getByRole('main').getByRole('link', { name: firstModule.name });
      await expect(openModule).toHaveAttribute('href', modulePath);
      await expect(openModule).toContainText('Módulo 1');
      // The second module is there, blurred and marked upcoming, but not a link.
      await expect(studentPage.getByRole('main').getByRole('link', { name: secondModule.name })).toHaveCount(0);
      await expect(studentPage.getByText('Módulo 2: próximamente. Todavía no está habilitado.')).toBeAttached();
      const upcomingName = studentPage.getByText(secondModule.name, { exact: true });
      await expect(upcomingName).toBeVisible();
      expect(
        await upcomingName.evaluate((element) => {
          let node: Element | null = element;
          while (node && !getComputedStyle(node).filter.includes('blur')) node = node.parentElement;
          return { blurred: node !== null, inLink: element.closest('a') !== null };
        }),
      ).toEqual({ blurred: true, inLink: false });
      await expect(studentPage.getByRole('main').getByText('Próximamente', { exact: true })).toBeVisible();
      await shot(studentPage, 'courses-access-student-modules');

      await openModule.click();
      await expect(studentPage).toHaveURL(new RegExp(`${modulePath}$`));
      await expect(studentPage.getByRole('heading', { name: firstModule.name, level: 1 })).toBeVisible();
      const video = studentPage.locator(`iframe[title="Video: ${firstModule.name}"]`);
      await expect(video).toHaveAttribute('src', new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${firstModule.videoId}\\?`));
      await expect(video).toBeVisible();
      await expect(studentPage.getByRole('link', { name: 'Actividades' })).toBeVisible();
      await expect(studentPage.getByRole('link', { name: 'Hacer una pregunta' })).toBeVisible();
      await shot(studentPage, 'courses-access-module-page');

      await goViaMenu(studentPage, 'Documentos');
      await expect(studentPage).toHaveURL(new RegExp(`/${courseId}/documentos$`));
      await expect(studentPage.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
      const documentLink = studentPage.getByRole('main').getByRole('link', { name: documentName });
      await expect(documentLink).toHaveCount(1);
      await expect(documentLink).toContainText(/PDF · \d+ B/);
      await expect(documentLink).toHaveAttribute('target', '_blank');
      await shot(studentPage, 'courses-access-documents');

      // The link answers with the PDF itself, for this student's session.
      const href = (await documentLink.getAttribute('href'))!;
      const file = await studentPage.request.get(href);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('application/pdf');
      expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    await test.step('the admin blocks the module; the student can no longer open it', async () => {
      const firstRow = page.getByRole('main').getByRole('listitem').nth(0);
      await firstRow.getByRole('button', { name: `Bloquear el módulo ${firstModule.name}` }).click();
      await expect(firstRow.getByRole('button', { name: `Habilitar el módulo ${firstModule.name}` })).toBeVisible();
      await expect(page.getByText('0 de 2 habilitados')).toBeVisible();
      await dismissNotice(page, 'Módulo bloqueado', `${firstModule.name}, para ${student.name}.`);

      // Back on the module page, the student reloads it.
      await studentPage.goBack();
      await expect(studentPage).toHaveURL(new RegExp(`${modulePath}$`));
      await studentPage.reload();
      // Answered like a module that does not exist (nobody can probe ids), and said so.
      await expect(studentPage.getByRole('heading', { name: 'No está disponible', level: 1 })).toBeVisible();
      await expect(
        studentPage.getByText(
          'Este módulo no existe o todavía no está habilitado para vos. Cuando tu instructor lo habilite, vas a poder abrirlo desde la lista de módulos.',
        ),
      ).toBeVisible();
      await expect(studentPage.locator('iframe')).toHaveCount(0);
      await expect(studentPage.getByRole('link', { name: 'Actividades' })).toHaveCount(0);
      await shot(studentPage, 'courses-access-module-blocked');

      await studentPage.getByRole('link', { name: 'Volver a los módulos' }).click();
      await expect(studentPage).toHaveURL(new RegExp(`/${courseId}/modulos$`));
      await expect(studentPage.getByText('Módulo 1: próximamente. Todavía no está habilitado.')).toBeAttached();
      await expect(studentPage.getByText('Módulo 2: próximamente. Todavía no está habilitado.')).toBeAttached();
      // No module opens: the only link left is the course's practice.
      await expect(studentPage.getByRole('main').getByRole('link').filter({ hasNotText: 'Practicar reglamento' })).toHaveCount(0);
      await expect(studentPage.getByRole('main').getByText('Próximamente', { exact: true })).toHaveCount(2);
      await shot(studentPage, 'courses-access-student-modules-blocked');
    });

    await studentContext.close();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
