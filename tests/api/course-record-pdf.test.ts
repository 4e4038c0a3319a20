// The course record's files made from a document built here (no app, no database): the PDF's text
// as a reader extracts it, its pages (rendered to PNG to look at when ACTA_SHOTS is set), the CSV.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  closingOutcome,
  decideOutcome,
  noRequirements,
  type ApprovalRequirements,
  type RecordRow,
  type TraineeFacts,
} from '../../src/shared/approval-rules.ts';
import { recordCsv, recordFileName } from '../../src/server/course-records/csv.ts';
import { examsOfRows, recordColumns, type RecordDocument } from '../../src/server/course-records/document.ts';
import { recordPdf } from '../../src/server/course-records/pdf.ts';
import { pdfPageCount, pdfPagesAsPng, pdfText } from './helpers/pdf.ts';

const exams = [
  { id: 'e1', title: 'Reglamento 2025', kind: 'reglamento' as const },
  { id: 'e2', title: 'Examen de video', kind: 'video' as const },
];
const requirements: ApprovalRequirements = {
  minAttendancePercent: 75,
  examIds: ['e1', 'e2'],
  allActivities: false,
  minJugadasPercent: null,
  fitness: true,
  minObservationAverage: 3.5,
  paymentsUpToDate: true,
};

const names = ['Martín Núñez', 'Sofía Peña', 'José Ibáñez', 'Agustina Muñoz', 'Lucía Gómez', 'Iñaki Echeverría', 'Ramón Díaz'];

/** Trainee `i`'s facts: every third misses something, every fifth has failed an exam for good. */
function factsOf(i: number): TraineeFacts {
  return {
    attendance: { attended: i % 3 === 0 ? 5 : 9, counted: 10, upcoming: 0 },
    exams: exams.map((exam) => ({ ...exam, passed: !(i % 5 === 0 && exam.id === 'e2'), attemptsLeft: 0, closed: false })),
    activities: { total: 4, approved: 4 },
    jugadas: { total: 0, answered: 0, correct: 0 },
    fitness: i % 4 === 0 ? null : 'aprobada',
    observationAverage: i % 7 === 0 ? null : 4.2,
    owed: i % 6 === 0 ? 3000 : 0,
  };
}

function rowsOf(count: number, close: boolean): RecordRow[] {
  return Array.from({ length: count }, (_, i) => {
    const outcome = decideOutcome(requirements, factsOf(i));
    const name =
      i === 1
        ? 'María de los Ángeles Fernández Saavedra de la Concepción Etchegaray'
        : `${names[i % names.length]} ${String(i + 1).padStart(2, '0')}`;
    return { userId: `u${i}`, name, email: `alumno${i + 1}@example.com`, ...(close ? closingOutcome(outcome) : outcome) };
  });
}

function documentOf(fields: Partial<RecordDocument> = {}): RecordDocument {
  return {
    number: 2,
    courseName: 'Curso de Árbitros Provinciales 2026 — Federación Santafesina de Handball',
    firstDay: '2026-03-07',
    lastDay: '2026-11-28',
    requirements,
    exams,
    rows: rowsOf(60, true),
    instructorName: 'Marta Gómez',
    day: '2026-11-27',
    rectifies: { number: 1, day: '2026-11-20' },
    created: new Date('2026-11-27T18:00:00Z'),
    ...fields,
  };
}

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

/** Saves the PDF and its pages as PNG under artifacts/screenshots to look at (set ACTA_SHOTS=1). */
function keepPages(name: string, bytes: Buffer) {
  if (!process.env.ACTA_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(path.join(SHOTS, `${name}.pdf`), bytes);
  pdfPagesAsPng(bytes).forEach((png, i) => writeFileSync(path.join(SHOTS, `${name}-${i + 1}.png`), png));
}

describe('the course record PDF', () => {
  it('prints the course, its classes, what it asks, every trainee with their results, the counts, who closed it and when', async () => {
    const document = documentOf();
    const bytes = await recordPdf(document);
    keepPages('acta-60', bytes);
    const pages = pdfPageCount(bytes);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(bytes);
    // Cells wrap: phrases inside the table are read with their line breaks as spaces.
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('Acta del curso');
    expect(text).toContain('Acta N° 2');
    expect(text).toContain('Federación Santafesina de Handball');
    expect(text).toContain('Clases del 07/03/2026 al 28/11/2026');
    expect(text).toContain('Rectifica el acta N° 1 del 20/11/2026');
    expect(text).toContain('Asistencia mínima 75 %');
    expect(text).toContain('Examen aprobado: «Reglamento 2025»');
    expect(text).toContain('Observación: promedio mínimo 3,5');
    for (const row of document.rows.filter((_, i) => i !== 1)) expect(text).toContain(row.name);
    // The long name wraps inside its column, whole.
    expect(flat).toContain('María de los Ángeles Fernández Saavedra');
    expect(text).toContain('Etchegaray');
    expect(text).toContain('Iñaki Echeverría');
    const apto = document.rows.filter((row) => row.outcome === 'apto').length;
    expect(apto).toBeGreaterThan(0);
    expect(apto).toBeLessThan(60);
    expect(text).toContain(`${apto} aptos de 60`);
    expect(flat).toContain('No cumplió: prueba física');
    // A closed record names every requirement not met, also of who could no longer meet one.
    expect(flat).toContain(
      'No cumplió: asistencia (no alcanza el 75 %), examen de video (sin intentos), prueba física, observación de partido, pagos ($ 3.000)',
    );
    expect(text).toContain('Instructor: Marta Gómez');
    expect(text).toContain('Fecha de cierre: 27 de noviembre de 2026');
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Página ${page} de ${pages}`);
    // The heading row is repeated on every page the table runs on (each page's text ends with its footer).
    const pageTexts = text.split(/Página \d+ de \d+/).slice(0, pages);
    const tablePages = pageTexts.filter((page) => page.includes('@example.com'));
    expect(tablePages.length).toBeGreaterThan(1);
    for (const page of tablePages) expect(page).toContain('Alumno');
    expect(text).not.toContain('BORRADOR');
  });

  it('says on every page of a draft that the record is not closed, with the live outcomes', async () => {
    const bytes = await recordPdf(documentOf({ number: null, rows: rowsOf(60, false), rectifies: null }));
    keepPages('borrador-60', bytes);
    const pages = pdfPageCount(bytes);
    const text = pdfText(bytes);
    expect(text.match(/BORRADOR — el acta no está cerrada/g)?.length).toBe(pages);
    expect(text).toContain('En curso');
    expect(text.replace(/\s+/g, ' ')).toContain('Falta: prueba física');
    expect(text).toContain('Fecha: 27 de noviembre de 2026 (borrador, sin cerrar)');
    expect(text).not.toContain('Rectifica');
  });

  it('fits a course with one requirement on a portrait page, and one with none or no classes', async () => {
    const fitnessOnly = { ...noRequirements, fitness: true };
    const rows = rowsOf(3, true).map((row) => ({
      ...row,
      ...closingOutcome(decideOutcome(fitnessOnly, { ...factsOf(1), fitness: row.userId === 'u0' ? null : 'aprobada' })),
    }));
    const bytes = await recordPdf(
      documentOf({ requirements: fitnessOnly, rows, rectifies: null, number: 1, firstDay: null, lastDay: null }),
    );
    keepPages('acta-fisica', bytes);
    expect(pdfPageCount(bytes)).toBe(1);
    const text = pdfText(bytes);
    expect(text).toContain('Sin clases registradas');
    expect(text).toContain('Prueba física aprobada');
    expect(text).toContain('2 aptos de 3');
    expect(text).toContain('Página 1 de 1');

    const none = pdfText(
      await recordPdf(documentOf({ requirements: noRequirements, rows: [], firstDay: '2026-03-07', lastDay: '2026-03-07' })),
    );
    expect(none).toContain('Sin requisitos: todos los alumnos son aptos.');
    expect(none).toContain('Clase del 07/03/2026');
    expect(none).toContain('No hay alumnos en el curso.');
    expect(none).toContain('0 aptos de 0');
  });

  it('keeps every cell inside its column with many exams, long names and long addresses', async () => {
    const many = Array.from({ length: 6 }, (_, i) => ({
      id: `x${i}`,
      title: `Examen parcial de reglamento número ${i + 1}`,
      kind: 'reglamento' as const,
    }));
    const asked: ApprovalRequirements = {
      ...requirements,
      examIds: many.map((exam) => exam.id),
      allActivities: true,
      minJugadasPercent: 70,
    };
    const facts = (i: number): TraineeFacts => ({
      ...factsOf(i),
      exams: many.map((exam, e) => ({ ...exam, passed: (i + e) % 4 !== 0, attemptsLeft: 1, closed: false })),
      jugadas: { total: 20, answered: 20, correct: 12 + (i % 8) },
    });
    const rows = Array.from({ length: 12 }, (_, i) => ({
      userId: `u${i}`,
      name: i === 0 ? 'Maximiliano Bartolomé Hernández-Etcheverrigaray y Zubizarreta' : `Trainee Ñuñez ${i}`,
      email: i === 0 ? 'maximiliano.bartolome.hernandez.etcheverrigaray@federacion-santafesina.org.ar' : `t${i}@example.com`,
      ...closingOutcome(decideOutcome(asked, facts(i))),
    }));
    const bytes = await recordPdf(documentOf({ requirements: asked, exams: many, rows }));
    keepPages('acta-muchas-columnas', bytes);
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain('Examen aprobado: «Examen parcial de reglamento número 6»');
    expect(text).toContain('Jugadas: mínimo 70 % de aciertos');
  });

  it('lays ten requirements out on landscape pages: short headings, a legend under the table, every word whole', async () => {
    const titles = [
      'Reglamento IHF 2025: reglas 1 a 8',
      'Señalización y mecánica arbitral',
      'Interpretaciones oficiales de la Comisión de Arbitraje',
      'Reglamentación disciplinaria federativa',
      'Examen integrador final',
    ];
    const ten = titles.map((title, i) => ({ id: `r${i}`, title, kind: i === 1 ? ('video' as const) : ('reglamento' as const) }));
    const asked: ApprovalRequirements = {
      minAttendancePercent: 80,
      examIds: ten.map((exam) => exam.id),
      allActivities: true,
      minJugadasPercent: 70,
      fitness: true,
      minObservationAverage: 3.5,
      paymentsUpToDate: false,
    };
    const rows = Array.from({ length: 30 }, (_, i) => ({
      userId: `u${i}`,
      name: `${names[i % names.length]} ${String(i + 1).padStart(2, '0')}`,
      email: `arbitro.${i + 1}@federacion-santafesina.org.ar`,
      ...closingOutcome(
        decideOutcome(asked, {
          ...factsOf(i),
          exams: ten.map((exam, e) => ({ ...exam, passed: (i + e) % 4 !== 0, attemptsLeft: 0, closed: false })),
          jugadas: { total: 20, answered: 20, correct: 12 + (i % 6) },
        }),
      ),
    }));
    const document = documentOf({ requirements: asked, exams: ten, rows });
    const columns = recordColumns(document);
    const headings = [
      'Asistencia',
      'Examen 1',
      'Examen 2',
      'Examen 3',
      'Examen 4',
      'Examen 5',
      'Actividades',
      'Jugadas',
      'Prueba física',
      'Observación',
    ];
    expect(columns.map((column) => column.short)).toEqual(headings);
    const bytes = await recordPdf(document);
    keepPages('acta-diez-requisitos', bytes);

    // Every page is A4 landscape (its MediaBox wider than tall).
    const pdf = await PDFDocument.load(bytes);
    for (const page of pdf.getPages()) {
      const box = page.getMediaBox();
      expect([Math.round(box.width), Math.round(box.height)]).toEqual([842, 595]);
    }
    const pages = pdfPageCount(bytes);
    expect(pdf.getPageCount()).toBe(pages);
    expect(pages).toBeGreaterThan(2);

    // The table's pages: each one has the headings and the legend, and their text is made of whole
    // words only (a word cut across lines would leave fragments that are not words of theirs).
    const words = (value: string) => value.split(/\s+/).filter(Boolean);
    const headingWords = new Set(['Alumno', 'Resultado', ...headings.flatMap(words)]);
    const legendWords = new Set(['Referencias', ...columns.flatMap((column) => [...words(column.short), ...words(column.words)])]);
    const tablePages = pdfText(bytes)
      .split(/Página \d+ de \d+/)
      .slice(0, pages)
      .filter((page) => page.includes('@federacion-santafesina'));
    expect(tablePages).toHaveLength(pages);
    for (const page of tablePages) {
      const head = words(page.slice(page.indexOf('Alumno'), page.indexOf('Resultado') + 'Resultado'.length));
      expect(new Set(head)).toEqual(headingWords);
      // Up to the footer, or on the last page to the counts under the table.
      const fromLegend = page.slice(page.indexOf('Referencias'));
      const legend = words(fromLegend.slice(0, fromLegend.search(/\d+ aptos? de \d+|Acta N° 2 · Curso de Árbitros/)));
      expect(new Set(legend)).toEqual(legendWords);
    }
    // The legend names each requirement in full: what the first page lists, the same words.
    const flat = pdfText(bytes).replace(/\s+/g, ' ');
    for (const column of columns) expect(flat).toContain(`${column.short} ${column.words}`);
    // Cells keep their words too: addresses break at their dots, '(no cumple)' stays on one line.
    expect(flat).not.toMatch(/\p{L}- \p{Ll}/u);
    expect(pdfText(bytes)).toContain('(no cumple)');
  });

  it('sets a table wider than the page in parts, each with the names and the outcome', async () => {
    const many = Array.from({ length: 18 }, (_, i) => ({ id: `p${i}`, title: `Parcial ${i + 1}`, kind: 'reglamento' as const }));
    const asked: ApprovalRequirements = {
      ...requirements,
      examIds: many.map((exam) => exam.id),
      allActivities: true,
      minJugadasPercent: 60,
    };
    const rows = Array.from({ length: 24 }, (_, i) => ({
      userId: `u${i}`,
      name: `${names[i % names.length]} ${String(i + 1).padStart(2, '0')}`,
      email: `t${i}@example.com`,
      ...closingOutcome(
        decideOutcome(asked, {
          ...factsOf(i),
          exams: many.map((exam, e) => ({ ...exam, passed: (i + e) % 5 !== 0, attemptsLeft: 0, closed: false })),
          jugadas: { total: 10, answered: 10, correct: 7 },
        }),
      ),
    }));
    const bytes = await recordPdf(documentOf({ requirements: asked, exams: many, rows }));
    keepPages('acta-en-partes', bytes);
    const pdf = await PDFDocument.load(bytes);
    for (const page of pdf.getPages()) expect(page.getWidth()).toBeGreaterThan(page.getHeight());
    const text = pdfText(bytes);
    expect(text).toContain('Resultados, parte 1 de 2');
    expect(text).toContain('Resultados, parte 2 de 2');
    for (let i = 1; i <= 18; i++) expect(text).toMatch(new RegExp(`Examen ${i}\\s`));
    // Every trainee in each part, with the outcome; the summary once, under the last part's rows.
    for (const row of rows) expect(text.split(row.name)).toHaveLength(3);
    expect(text.match(/No cumplió: /g)?.length).toBe(rows.filter((row) => row.outcome === 'no-apto').length);
  });

  it('makes the same bytes from the same document', async () => {
    const document = documentOf();
    expect(Buffer.compare(await recordPdf(document), await recordPdf(document))).toBe(0);
  });

  it('prints names in any script as written, in the table and the headings, the same bytes each time', async () => {
    const written = ['李小龍', 'Жанна Иванова', 'Γιώργος Παπαδόπουλος', 'Łukasz Żółć', '김민준', 'さくら 山田'];
    const rows = rowsOf(written.length, true).map((row, i) => ({ ...row, name: written[i]! }));
    const document = documentOf({ rows, courseName: 'Curso Ж 2026', instructorName: 'Ольга Петрова' });
    const bytes = await recordPdf(document);
    keepPages('acta-escrituras', bytes);
    const text = pdfText(bytes);
    for (const name of written) expect(text).toContain(name);
    expect(text).toContain('Curso Ж 2026');
    expect(text).toContain('Instructor: Ольга Петрова');
    expect(text).not.toContain('?');
    expect(Buffer.compare(bytes, await recordPdf(document))).toBe(0);
  });
});

describe('the course record CSV', () => {
  it('has the same columns as the table, one line per trainee', () => {
    const document = documentOf({ rows: rowsOf(6, true) });
    const csv = recordCsv(document);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Alumno;Email;Asistencia mínima 75 %;Reglamento 2025;Examen de video;Prueba física aprobada;Observación: promedio mínimo 3,5;Pagos al día;Resultado;Detalle',
    );
    expect(lines).toHaveLength(7);
    // Trainee 0: half the classes, no physical test, owes; failed the video exam for good.
    expect(lines[1]).toBe(
      'Martín Núñez 01;alumno1@example.com;50 % (no cumple);Aprobado;No aprobado (no cumple);Sin resultado (no cumple);Sin observaciones (no cumple);Debe $ 3.000 (no cumple);No apto;' +
        'No cumplió: asistencia (no alcanza el 75 %), examen de video (sin intentos), prueba física, observación de partido, pagos ($ 3.000)',
    );
    expect(lines[3]).toMatch(/^José Ibáñez 03;alumno3@example.com;90 %;Aprobado;Aprobado;Aprobada;4,2;Al día;Apto;$/);
    expect(recordFileName(document, 'csv')).toBe('acta-2-curso-de-arbitros-provinciales-2026-federacion-santafesina-de-handball.csv');
    expect(recordFileName({ ...document, number: null }, 'pdf')).toBe(
      'acta-borrador-curso-de-arbitros-provinciales-2026-federacion-santafesina-de-handball.pdf',
    );
  });

  it('reads a closed record’s exams off its rows, a deleted one as such', () => {
    const rows = rowsOf(2, true);
    expect(examsOfRows(rows).map((exam) => exam.title)).toEqual(['Reglamento 2025', 'Examen de video']);
    const withDeleted = { ...requirements, examIds: ['e1', 'gone'] };
    const deletedRows = rows.map((row) => ({ ...row, ...closingOutcome(decideOutcome(withDeleted, factsOf(1))) }));
    const columns = recordColumns({ requirements: withDeleted, exams: examsOfRows(deletedRows) });
    expect(columns.map((column) => column.words)).toContain('Examen eliminado (ya no se exige)');
    expect(recordCsv(documentOf({ requirements: withDeleted, exams: examsOfRows(deletedRows), rows: deletedRows }))).toContain(
      ';Examen eliminado;',
    );
  });
});
