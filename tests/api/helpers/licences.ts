// Licences for the renewal tests, issued through the API as an instructor issues them, on the day a
// test needs (a licence issued two years ago, one that expired 13 months ago): the app's clock is
// moved to that day while the trainee passes the physical test and the certificate is issued.
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { certificate } from '../../../src/server/db/schema.ts';
import { noRequirements } from '../../../src/shared/approval-rules.ts';
import { enableCourse } from './content.ts';
import { call } from './http.ts';
import type { TestApp } from './test-app.ts';

export interface LicenceSettings {
  level: string;
  rulesEdition: string;
  months: number;
}

export const defaultLicence: LicenceSettings = { level: 'Árbitro Provincial', rulesEdition: 'Reglas IHF 2024', months: 12 };

/**
 * 'Requisitos de aprobación' through the API: only 'Prueba física aprobada', and the licence's
 * level, edition and months; and 'Firma del certificado', who signs its certificates.
 */
export async function requireFitness(t: TestApp, admin: string, courseId: string, licence: LicenceSettings = defaultLicence) {
  const response = await call(t.app, {
    method: 'PUT',
    url: `/api/courses/${courseId}/approval`,
    cookie: admin,
    body: { requirements: { ...noRequirements, fitness: true }, licence },
  });
  expect(response.statusCode, response.body).toBe(200);
  const signed = await call(t.app, {
    method: 'PUT',
    url: `/api/courses/${courseId}/certificate-signer`,
    cookie: admin,
    body: { name: 'Marta Gómez', title: 'Directora de la Escuela de Árbitros' },
  });
  expect(signed.statusCode, signed.body).toBe(200);
}

/**
 * A licence issued through the API on `day`: the trainee (given the course if they did not have it)
 * passes the physical test that day and the instructor issues their certificate. The app's clock
 * is noon of `day` meanwhile and put back after. Answers the certificate's row.
 */
export async function issueLicenceOn(t: TestApp, admin: string, input: { courseId: string; userId: string; day: string }) {
  const clock = t.ctx.clock.now;
  const noon = new Date(`${input.day}T15:00:00Z`);
  t.ctx.clock.now = () => noon;
  try {
    await enableCourse(t.ctx, input.userId, input.courseId);
    const passed = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${input.courseId}/trainees/${input.userId}/fitness-results`,
      cookie: admin,
      body: { testedOn: input.day, level: 10 },
    });
    expect(passed.statusCode, passed.body).toBe(201);
    const issued = await call(t.app, {
      method: 'POST',
      url: `/api/courses/${input.courseId}/certificates`,
      cookie: admin,
      body: { userIds: [input.userId] },
    });
    expect(issued.statusCode, issued.body).toBe(201);
  } finally {
    t.ctx.clock.now = clock;
  }
  const [row] = await t.ctx.db
    .select()
    .from(certificate)
    .where(and(eq(certificate.courseId, input.courseId), eq(certificate.userId, input.userId), isNull(certificate.revokedAt)));
  return row!;
}

/** 'Revocar' through the API. */
export async function revokeLicence(t: TestApp, admin: string, certificateId: string) {
  const response = await call(t.app, {
    method: 'POST',
    url: `/api/certificates/${certificateId}/revoke`,
    cookie: admin,
    body: { reason: 'Emitido por error' },
  });
  expect(response.statusCode, response.body).toBe(200);
}
