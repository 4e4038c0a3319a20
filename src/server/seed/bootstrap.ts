import { count } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { user } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { randomPassword } from '../users/operator-password.ts';
import { createUser } from '../users/service.ts';
import { seedDemo } from './demo.ts';

/**
 * On an empty database: the first admin (from ADMIN_EMAIL/ADMIN_PASSWORD, or generated and
 * printed once) and, unless SEED_DEMO is off, the sample course with a demo student.
 */
export async function bootstrap(ctx: AppContext): Promise<void> {
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(user);
  if (total > 0) return;

  const printed: string[] = [];
  const adminEmail = ctx.config.admin?.email ?? 'admin@aula-virtual.local';
  const adminPassword = ctx.config.admin?.password ?? randomPassword();
  try {
    await createUser(ctx, { name: 'Administrador', email: adminEmail, password: adminPassword, role: 'admin' });
  } catch (error) {
    // Another instance starting at the same time created it first.
    if (error instanceof AppError && error.code === 'EMAIL_TAKEN') return;
    throw error;
  }
  if (!ctx.config.admin) printed.push(`  Administrador: ${adminEmail} / ${adminPassword}`);

  if (ctx.config.seedDemo) {
    ctx.logger.info('Creando el curso de ejemplo…');
    const demo = await seedDemo(ctx, randomPassword());
    printed.push(`  Estudiante de ejemplo: ${demo.email} / ${demo.password}`);
  }

  if (printed.length > 0) {
    console.log(
      [
        '',
        'Cuentas creadas (se muestran una sola vez; guardalas ahora):',
        ...printed,
        `Ingresá en ${ctx.config.publicUrl}`,
        'Si se pierde una contraseña: npm run reset-password -- EMAIL (en este servidor).',
        '',
      ].join('\n'),
    );
  }
}
