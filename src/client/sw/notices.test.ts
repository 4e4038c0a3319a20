import { describe, expect, it } from 'vitest';
import { noticeOf } from './notices.ts';

const message = (value: unknown) => ({ json: () => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value) });

describe('a push message read by the service worker', () => {
  it('shows the server’s notice: the course, one line, its page and its tag', () => {
    const payload = {
      title: 'Árbitros 2027',
      body: 'Tu actividad del Módulo 2 fue corregida',
      url: '/c1/m2/actividades',
      tag: 'correccion:m2',
    };
    expect(noticeOf(message(payload))).toEqual(payload);
  });

  it('opens only a page of the app, never another site', () => {
    for (const url of ['https://otro.example/robo', '//otro.example/robo', 'javascript:alert(1)', 42])
      expect(noticeOf(message({ title: 'T', body: 'B', url, tag: 'x' })).url).toBe('/');
  });

  it('shows a plain notice for a message that is not ours (no data, not JSON, no text)', () => {
    const plain = { title: 'Aula Virtual', body: 'Tenés novedades en Aula Virtual.', url: '/', tag: 'aula-virtual' };
    expect(noticeOf(null)).toEqual(plain);
    expect(noticeOf({ json: () => JSON.parse('no es json') as unknown })).toEqual(plain);
    expect(noticeOf(message({ title: 3 }))).toEqual(plain);
  });
});
