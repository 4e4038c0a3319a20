/** Environment variables through which global-setup.ts tells the tests where everything runs. */
export const e2eEnvNames = {
  baseURL: 'E2E_BASE_URL',
  adminEmail: 'E2E_ADMIN_EMAIL',
  adminPassword: 'E2E_ADMIN_PASSWORD',
  mailDir: 'E2E_MAIL_DIR',
} as const;

export interface E2eEnv {
  baseURL: string;
  admin: { email: string; password: string };
  mailDir: string;
}

export function e2eEnv(): E2eEnv {
  const read = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`Falta ${name}: los tests e2e se corren con \`npx playwright test\` (global-setup.ts lo define).`);
    return value;
  };
  return {
    baseURL: read(e2eEnvNames.baseURL),
    admin: { email: read(e2eEnvNames.adminEmail), password: read(e2eEnvNames.adminPassword) },
    mailDir: read(e2eEnvNames.mailDir),
  };
}
