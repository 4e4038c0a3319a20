// What waits in a course for the home of the instructors' side, beyond what the overview counts
// in SQL: trainees with an instalment past due ('Cuotas vencidas') and trainees 'Apto' without a
// licence in force ('Aptos sin certificado'). Each judged by the same rules as its own page.
import { dayOf } from '../../shared/calendar.ts';
import type { Db } from '../db/client.ts';
import { traineeOutcomes } from '../approval/read.ts';
import { certificatesOfCourse } from '../certificates/read.ts';
import { courseTrainees, paymentStatuses } from '../payments/read.ts';
import { findCourse } from './service.ts';

/** How many of the course's trainees owe an instalment past due today. */
export async function overdueTrainees(db: Db, courseId: string, now: Date): Promise<number> {
  const ids = (await courseTrainees(db, courseId)).map((trainee) => trainee.id);
  if (ids.length === 0) return 0;
  const statuses = await paymentStatuses(db, courseId, ids, dayOf(now));
  return [...statuses.values()].filter((status) => status.overdue.length > 0).length;
}

/** How many of the course's trainees are 'Apto' and hold no certificate of it in force. */
export async function aptosWithoutCertificate(db: Db, courseId: string, now: Date): Promise<number> {
  const course = await findCourse(db, courseId);
  const ids = (await courseTrainees(db, courseId)).map((trainee) => trainee.id);
  if (ids.length === 0) return 0;
  const [outcomes, certificates] = await Promise.all([traineeOutcomes(db, course, now, ids), certificatesOfCourse(db, courseId)]);
  const today = dayOf(now);
  const certified = new Set(certificates.filter((c) => !c.revokedAt && c.expiresOn >= today).map((c) => c.userId));
  return ids.filter((id) => outcomes.get(id)?.outcome === 'apto' && !certified.has(id)).length;
}
