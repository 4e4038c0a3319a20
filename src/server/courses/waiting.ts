// What waits in a course for the home of the instructors' side, beyond what the overview counts
// in SQL: trainees with an instalment past due ('Cuotas vencidas') and trainees 'Apto' without a
// licence in force ('Aptos sin certificado'). Each judged by the same rules as its own page.
import { dayOf } from '../../shared/calendar.ts';
import type { Db } from '../db/client.ts';
import { traineeOutcomes } from '../approval/read.ts';
import { certificatesOfCourse } from '../certificates/read.ts';
import { courseTrainees, paymentStatuses } from '../payments/read.ts';
import { findCourse } from './service.ts';

/**
 * What waits in one course, for a reader who sees payments (`payments`) and manages approval
 * (`approval`): trainees owing an instalment past due today, and trainees 'Apto' holding no
 * certificate of it in force. The course's trainees are read once for both.
 */
export async function waitingIn(db: Db, courseId: string, now: Date, reader: { payments: boolean; approval: boolean }) {
  const waiting: { overdueTrainees?: number; aptosWithoutCertificate?: number } = {};
  if (!reader.payments && !reader.approval) return waiting;
  const ids = (await courseTrainees(db, courseId)).map((trainee) => trainee.id);
  const today = dayOf(now);
  if (reader.payments) {
    const statuses = ids.length ? await paymentStatuses(db, courseId, ids, today) : new Map();
    waiting.overdueTrainees = [...statuses.values()].filter((status) => status.overdue.length > 0).length;
  }
  if (reader.approval) {
    const [course, certificates] = await Promise.all([findCourse(db, courseId), certificatesOfCourse(db, courseId)]);
    const outcomes = ids.length ? await traineeOutcomes(db, course, now, ids) : new Map();
    const certified = new Set(certificates.filter((c) => !c.revokedAt && c.expiresOn >= today).map((c) => c.userId));
    waiting.aptosWithoutCertificate = ids.filter((id) => outcomes.get(id)?.outcome === 'apto' && !certified.has(id)).length;
  }
  return waiting;
}
