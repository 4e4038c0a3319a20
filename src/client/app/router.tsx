import { Suspense } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { isAppPath, loginAliases, matchesRoute, studentRoutes } from '../../shared/app-routes.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { useSession } from '../lib/session.ts';
import { useGuardedBrowserLocation } from '../lib/leave-guard.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { FullPageLoader, GuestOnly, RequireAdmin, RequireUser } from './guards.tsx';
import { lazyPage } from './lazy-page.ts';
import { PageBoundary } from './page-boundary.tsx';
import { paths } from '../lib/paths.ts';

// Only the login page ships in the first download; every other page is its own chunk.
const ForgotPasswordPage = lazyPage(() => import('../features/auth/components/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/components/reset-password-page.tsx'), 'ResetPasswordPage');
const AcceptInvitationPage = lazyPage(() => import('../features/auth/components/accept-invitation-page.tsx'), 'AcceptInvitationPage');
const AdminArea = lazyPage(() => import('./admin-area.tsx'), 'AdminArea');
const StudentArea = lazyPage(() => import('./student-area.tsx'), 'StudentArea');
// Public: what a certificate's QR code opens, with or without a session.
const VerifyCertificatePage = lazyPage(() => import('../features/certificates/verify-certificate-page.tsx'), 'VerifyCertificatePage');
const isVerifyPath = (path: string) => path === '/verificar' || path.startsWith('/verificar/');

const signedOutPaths = [paths.login(), paths.forgotPassword(), paths.resetPassword(), paths.acceptInvitation()];

/**
 * Loads the code of the page at `path` (the student area and its page), so the first render
 * shows it at once.
 */
export async function preloadRoute(path: string): Promise<void> {
  if (path === '/admin' || path.startsWith('/admin/') || signedOutPaths.includes(path)) return;
  if (isVerifyPath(path)) return VerifyCertificatePage.preload();
  const [area] = await Promise.all([import('./student-area.tsx'), StudentArea.preload()]);
  await area.preloadStudentPage(path);
}

/** '/login', '/ingresar': the login page's own address, with what the address asked (its query). */
function ToLoginPage() {
  const search = useSearch();
  return <Redirect to={`${paths.login()}${search ? `?${search}` : ''}`} replace />;
}

/**
 * The instructors' side or the trainee's, for their addresses. Any other address is 'Esta página no
 * existe' (the server answers it 404): inside the person's own side when signed in, alone otherwise
 * — never the login page, which would say nothing of the address.
 */
function AreaOrUnknown() {
  const [location] = useLocation();
  const session = useSession();
  const admin = location.startsWith('/admin/');
  if (isAppPath(location) && (admin || studentRoutes.some((pattern) => matchesRoute(pattern, location)))) {
    return admin ? (
      <RequireAdmin>
        <AdminArea />
      </RequireAdmin>
    ) : (
      <RequireUser>
        <StudentArea />
      </RequireUser>
    );
  }
  if (session.isPending) return <FullPageLoader />;
  if (!session.data) return <NotFoundPage homeTo={paths.login()} homeLabel="Iniciar sesión" standalone />;
  const staffSide = session.data.role === 'admin' || session.data.staff;
  if (admin && staffSide) return <AdminArea />;
  return <StudentArea />;
}

/** The top-level routes: signed-out pages, the admin area and the student area (`ssrPath`: in the server's render). */
export function AppRoutes({ ssrPath }: { ssrPath?: string | undefined }) {
  return (
    // Every navigation asks before discarding typed content (lib/leave-guard.ts).
    <Router hook={useGuardedBrowserLocation} {...(ssrPath ? { ssrPath } : {})}>
      <Suspense fallback={<FullPageLoader />}>
        {/* An area whose code does not arrive (no signal: the instructors' is not kept on a phone) says so. */}
        <PageBoundary>
          <Switch>
            <Route path={paths.login()}>
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            </Route>
            <Route path={paths.forgotPassword()}>
              <GuestOnly>
                <ForgotPasswordPage />
              </GuestOnly>
            </Route>
            {/* Reachable signed in or not: it is where the emailed link lands. */}
            <Route path={paths.resetPassword()} component={ResetPasswordPage} />
            <Route path={paths.acceptInvitation()} component={AcceptInvitationPage} />
            <Route path="/verificar" component={VerifyCertificatePage} />
            <Route path="/verificar/:codigo" component={VerifyCertificatePage} />
            {loginAliases.map((alias) => (
              <Route key={alias} path={alias}>
                <ToLoginPage />
              </Route>
            ))}
            <Route path="/admin">
              <Redirect to={paths.adminHome()} replace />
            </Route>
            <Route>
              <AreaOrUnknown />
            </Route>
          </Switch>
        </PageBoundary>
      </Suspense>
    </Router>
  );
}
