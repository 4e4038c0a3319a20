// 'Importar alumnos': the CSV as Excel saves it, checked row by row, created in one transaction.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activity, courseAccess, invitation, moduleAccess, user as userTable } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { createUser } from './helpers/builders.ts';
import { buildCourse, buildModule, unknownId } from './helpers/content.ts';
import { multipart, pdfBytes, pngBytes } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const tag = () => `${++counter}-${process.pid}`;

function upload(url: string, content: Buffer, options: { courseId?: string; filename?: string; contentType?: string } = {}) {
  const { body, headers } = multipart([
    ...(options.courseId ? [{ name: 'courseId', value: options.courseId }] : []),
    { name: 'file', filename: options.filename ?? 'alumnos.csv', content, contentType: options.contentType ?? 'text/csv' },
  ]);
  return call(t.app, { method: 'POST', url, body, headers, cookie: admin });
}
const preview = (content: Buffer, options?: Parameters<typeof upload>[2]) => upload('/api/users/import/preview', content, options);
const runImport = (content: Buffer, options?: Parameters<typeof upload>[2]) => upload('/api/users/import', content, options);

async function usersWithEmails(emails: string[]) {
  return t.ctx.db.select().from(userTable).where(inArray(userTable.email, emails));
}

describe('CSV edge cases', () => {
  it('reads a UTF-8 file with BOM, semicolons, CRLF and a quoted name with a comma', async () => {
    const id = tag();
    const csv = Buffer.from(
      `\ufeffNombre;Email\r\n"Gómez, Ana María";ana-${id}@example.com\r\nJosé Núñez;JOSE-${id}@Example.com\r\n`,
      'utf8',
    );
    const response = await preview(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      rows: [
        { line: 2, name: 'Gómez, Ana María', email: `ana-${id}@example.com`, problem: null },
        { line: 3, name: 'José Núñez', email: `jose-${id}@example.com`, problem: null },
      ],
      valid: 2,
      invalid: 0,
      course: null,
    });
    // A preview writes nothing.
    expect(await usersWithEmails([`ana-${id}@example.com`])).toEqual([]);
  });

  it('reads Windows-1252 accents as Excel saves them on Windows, with commas', async () => {
    const id = tag();
    const csv = Buffer.concat([
      Buffer.from('nombre,email\r\n', 'latin1'),
      // "Begoña Ibáñez" and "Martín Güemes" in Windows-1252 bytes.
      Buffer.from([0x42, 0x65, 0x67, 0x6f, 0xf1, 0x61, 0x20, 0x49, 0x62, 0xe1, 0xf1, 0x65, 0x7a]),
      Buffer.from(`,begona-${id}@example.com\r\n`, 'latin1'),
      Buffer.from([0x4d, 0x61, 0x72, 0x74, 0xed, 0x6e, 0x20, 0x47, 0xfc, 0x65, 0x6d, 0x65, 0x73]),
      Buffer.from(`,martin-${id}@example.com\r\n`, 'latin1'),
    ]);
    const response = await preview(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().rows.map((row: { name: string }) => row.name)).toEqual(['Begoña Ibáñez', 'Martín Güemes']);
  });

  it('lists every row with its problem: invalid email, missing name, duplicate in the file, already registered', async () => {
    const id = tag();
    const registered = await createUser(t.ctx, { email: `ya-${id}@example.com` });
    const csv = Buffer.from(
      [
        'email,nombre',
        `bien-${id}@example.com,Bien Escrito`,
        'no-es-un-email,Sin Arroba',
        `sin-nombre-${id}@example.com,`,
        `BIEN-${id}@example.com,Repetido`,
        `${registered.email},Ya Registrado`,
        '',
      ].join('\n'),
    );
    const response = await preview(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ valid: 1, invalid: 4 });
    expect(response.json().rows.map((row: { line: number; problem: string | null }) => [row.line, row.problem])).toEqual([
      [2, null],
      [3, messages.importInvalidEmail],
      [4, messages.importMissingName],
      [5, messages.importDuplicate(2)],
      [6, messages.importRegistered],
    ]);
  });

  it('refuses an empty file, a header without rows, missing columns, a PDF, a PNG and a broken quote with a Spanish 4xx', async () => {
    const cases: Array<[Buffer, number, string]> = [
      [Buffer.alloc(0), 400, messages.importEmpty],
      [Buffer.from('\ufeff\r\n\r\n'), 400, messages.importEmpty],
      [Buffer.from('nombre;email\r\n'), 400, messages.importNoRows],
      [Buffer.from('apellido,telefono\nPérez,1234\n'), 400, messages.importColumns],
      [pdfBytes(), 415, messages.importNotCsv],
      [pngBytes(), 415, messages.importNotCsv],
      [Buffer.from([0x00, 0x01, 0x02, 0x03, 0x6e, 0x6f]), 415, messages.importNotCsv],
      [Buffer.from('nombre,email\n"Sin cerrar,a@b.com\n'), 400, messages.importUnreadable(2)],
    ];
    for (const [content, status, message] of cases) {
      for (const send of [preview, runImport]) {
        const response = await send(content);
        expect(response.statusCode, `${content.subarray(0, 20).toString()} → ${response.body}`).toBe(status);
        expect(response.json().error.message).toBe(message);
      }
    }
  });

  it('refuses a request that is not multipart, a malformed or unknown course, and a file over 1 MB', async () => {
    const notMultipart = await call(t.app, { method: 'POST', url: '/api/users/import', cookie: admin, body: { file: 'nombre,email' } });
    expect(notMultipart.statusCode).toBe(415);
    const csv = Buffer.from(`nombre,email\nAlguien,alguien-${tag()}@example.com\n`);
    expect((await runImport(csv, { courseId: 'x'.repeat(80) })).statusCode).toBe(400);
    const unknown = await runImport(csv, { courseId: unknownId() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(messages.courseNotFound);
    const big = Buffer.from(`nombre,email\n${'Nombre Largo,correo@example.com\n'.repeat(40_000)}`);
    const tooBig = await runImport(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(messages.importTooHeavy(1024 * 1024));
    expect(await usersWithEmails(['alguien@example.com'])).toEqual([]);
  });
});

describe('import', () => {
  it('creates the valid rows with the course and its first module enabled, sends the invitations and reports the errors', async () => {
    const id = tag();
    const course = await buildCourse(t.ctx);
    const first = await buildModule(t.ctx, course.id, { questions: ['¿Qué es el pasivo?', '¿Cuándo se sanciona?'] });
    const second = await buildModule(t.ctx, course.id);
    const emails = [`uno-${id}@example.com`, `dos-${id}@example.com`, `tres-${id}@example.com`];
    const csv = Buffer.from(`nombre;email\nUno;${emails[0]}\nDos;${emails[1]}\nTres;${emails[2]}\nMal;mal@\n`);
    const sentBefore = t.mails.length;

    const response = await runImport(csv, { courseId: course.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 3, failed: 1, message: '3 alumnos creados, 1 fila con errores' });

    const created = await usersWithEmails(emails);
    expect(created.map((u) => u.role)).toEqual(['student', 'student', 'student']);
    const ids = created.map((u) => u.id);
    expect(await t.ctx.db.select().from(courseAccess).where(inArray(courseAccess.userId, ids))).toHaveLength(3);
    const access = await t.ctx.db.select().from(moduleAccess).where(inArray(moduleAccess.userId, ids));
    expect(access.map((a) => a.moduleId)).toEqual([first.id, first.id, first.id]);
    expect(access.some((a) => a.moduleId === second.id)).toBe(false);
    const activities = await t.ctx.db.query.activity.findMany({ where: inArray(activity.userId, ids) });
    expect(activities).toHaveLength(3);
    expect(await t.ctx.db.select().from(invitation).where(inArray(invitation.userId, ids))).toHaveLength(3);

    await vi.waitFor(() =>
      expect(
        t.mails
          .slice(sentBefore)
          .map((m) => m.to)
          .sort(),
      ).toEqual([...emails].sort()),
    );
    expect(t.mails.at(-1)!.subject).toBe('Te invitaron a Aula Virtual: creá tu contraseña');

    // The same file again: everyone is already registered, nothing is created.
    const again = await runImport(csv, { courseId: course.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(messages.importNothingValid);
  });

  it('imports 1,000 rows in one request in a few seconds', async () => {
    const id = tag();
    const course = await buildCourse(t.ctx);
    await buildModule(t.ctx, course.id);
    const lines = Array.from({ length: 1000 }, (_, i) => `Alumno ${i + 1} Ñandú,"mil-${id}-${i}@example.com"`);
    const csv = Buffer.from(`nombre,email\n${lines.join('\n')}\n`);
    const started = performance.now();
    const response = await runImport(csv, { courseId: course.id });
    const elapsed = performance.now() - started;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json()).toMatchObject({ created: 1000, failed: 0 });
    console.log(`importar 1.000 filas (${t.ctx.database.kind}): ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(30_000);
    expect(await t.ctx.db.$count(courseAccess, eq(courseAccess.courseId, course.id))).toBe(1000);
    await vi.waitFor(() => expect(t.mails.filter((m) => m.to.startsWith(`mil-${id}-`))).toHaveLength(1000), { timeout: 20_000 });
  });

  it('refuses students and anonymous callers', async () => {
    const student = await createUser(t.ctx);
    const cookie = await login(t.app, student.email, student.password);
    const { body, headers } = multipart([
      { name: 'file', filename: 'a.csv', content: Buffer.from(`nombre,email\nX,x-${tag()}@example.com\n`) },
    ]);
    expect((await call(t.app, { method: 'POST', url: '/api/users/import', body, headers, cookie })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'POST', url: '/api/users/import', body, headers })).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(userTable).where(eq(userTable.name, 'X'))).toEqual([]);
  });
});
