// What the bank keeps of Moodle's titles, categories and texts, and that the export's titles and
// categories read back as the rule and chapter they came from.
import { describe, expect, it } from 'vitest';
import { categoryFromChapter, chapterFromCategory, plainText, ruleFromTitle, titleFromRule } from './moodle.ts';

describe('a title', () => {
  it.each([
    ['8:3', '8:3'],
    ['16:3 b', '16:3 b'],
    ['8:5a', '8:5a'],
    ['Regla 8', 'Regla 8'],
    ['Aclaración 3', 'Aclaración 3'],
    ['Regla: Zona de cambios', 'Zona de cambios'],
    ['Pregunta 12', ''],
    ['1. ¿Cuántos jugadores hay?', ''],
    ['2025', ''],
    ['¿Cuánto dura una exclusión?', ''],
    ['8:3 y un título demasiado largo para ser una regla', ''],
  ])('%j is the rule %j', (title, rule) => {
    expect(ruleFromTitle(title)).toBe(rule);
  });

  it.each(['', '8:3', 'Regla 5', 'Zona de cambios', 'Regla: con dos puntos', 'regla:5', '2025', 'x'.repeat(40)])(
    'the export writes the rule %j so that it reads back the same',
    (rule) => {
      expect(ruleFromTitle(titleFromRule(rule))).toBe(rule);
    },
  );
});

describe('a category', () => {
  it.each([
    ['$course$/top/Reglamento/Regla 8', 'Regla 8'],
    ['$course$/top', ''],
    ['$system$/top/Por defecto en Curso', 'Por defecto en Curso'],
    ['Regla 1', 'Regla 1'],
    ['$course$/top/Aclaraciones // Anexo', 'Aclaraciones / Anexo'],
  ])('%j is the chapter %j', (path, chapter) => {
    expect(chapterFromCategory(path)).toBe(chapter);
  });

  it.each(['Regla 8', 'Aclaraciones / Anexo', 'Reglas 1/2/3'])('the chapter %j goes out and comes back the same', (chapter) => {
    expect(chapterFromCategory(categoryFromChapter(chapter))).toBe(chapter);
  });
});

describe('a text of the file', () => {
  it('is plain: HTML without tags nor entities, Moodle’s own format only when it has markup, plain text as written', () => {
    expect(plainText('<p>Dos&nbsp;<b>minutos</b></p>\n<p>de juego &amp; nada más</p>', 'html')).toBe('Dos minutos\n\nde juego & nada más');
    expect(plainText('<ul><li>Uno</li><li>Dos</li></ul>', 'html')).toBe('- Uno\n- Dos');
    expect(plainText('Línea uno\nlínea <i>dos</i>', 'moodle')).toBe('Línea uno\nlínea dos');
    expect(plainText('a < b y c > d', 'moodle')).toBe('a < b y c > d');
    expect(plainText('<b>tal cual</b> &amp;', 'plain')).toBe('<b>tal cual</b> &amp;');
    expect(plainText('*markdown* queda', 'markdown')).toBe('*markdown* queda');
  });
});
