import type { AppContext } from '../context.ts';
import { createUser } from '../users/service.ts';

export const DEMO_STUDENT_EMAIL = 'estudiante@aula-virtual.local';

/** The sample content a newcomer sees after the first start. */
export async function seedDemo(ctx: AppContext, password: string) {
  await createUser(ctx, { name: 'Estudiante de Ejemplo', email: DEMO_STUDENT_EMAIL, password, role: 'student' });
  return { email: DEMO_STUDENT_EMAIL, password };
}
