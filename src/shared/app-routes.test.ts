import { describe, expect, it } from 'vitest';
import { isAppPath, matchesRoute } from './app-routes.ts';

describe("the app's addresses", () => {
  it('matches fixed segments exactly, ids by their form, other parameters when not empty', () => {
    expect(matchesRoute('/:courseId/modulos', '/abc-123_X/modulos')).toBe(true);
    expect(matchesRoute('/:courseId/modulos', '/a.b/modulos')).toBe(false);
    expect(matchesRoute('/:courseId/modulos', `/${'x'.repeat(65)}/modulos`)).toBe(false);
    expect(matchesRoute('/:courseId/modulos', '//modulos')).toBe(false);
    expect(matchesRoute('/:courseId/modulos', '/%E0%A4%A/modulos')).toBe(false);
    expect(matchesRoute('/verificar/:codigo', '/verificar/AB12-CD34')).toBe(true);
    expect(matchesRoute('/verificar/:codigo', '/verificar/')).toBe(false);
  });

  it('knows every page, and no other address', () => {
    for (const path of ['/', '/login', '/ingresar', '/inicio', '/mi-cuenta/', '/c1/m1/examen/e1', '/admin', '/admin/courses/c1/registro']) {
      expect(isAppPath(path), path).toBe(true);
    }
    for (const path of ['/inicio/x', '/c1/m1/examen', '/admin/courses/c1/otra', '/admin/nada', '/a/b/c/d/e/f']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});
