import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Center, Loader } from '@mantine/core';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { useSession } from '../lib/session.ts';
import { paths } from '../lib/paths.ts';
import { noteSignedInUser, rememberSignedOutVisit } from '../lib/return-to.ts';

/** The instructors' side for administrators and anyone on a course's team; the trainee's home for everyone else. */
export function homeFor(user: SessionUser) {
  return user.role === 'admin' || user.staff ? paths.adminHome() : paths.studentHome();
}

export function FullPageLoader() {
  return (
    <Center mih="100dvh">
      <Loader role="status" aria-label="Cargando" />
    </Center>
  );
}

/** Login and recovery are for signed-out users; anyone signed in goes to their home page. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  if (session.data) return <Redirect to={homeFor(session.data)} replace />;
  return children;
}

/** To the login page, remembering this page to come back to after signing in. */
function ToLogin() {
  const [location] = useLocation();
  const search = useSearch();
  rememberSignedOutVisit(search ? `${location}?${search}` : location);
  return <Redirect to={paths.login()} replace />;
}

/** Everything else needs a signed-in user. */
export function RequireUser({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  if (!session.data) return <ToLogin />;
  noteSignedInUser(session.data.id);
  return children;
}

/** The instructors' side: administrators and courses' teams; trainees are sent to their home page (the server refuses them anyway). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  if (!session.data) return <ToLogin />;
  noteSignedInUser(session.data.id);
  if (session.data.role !== 'admin' && !session.data.staff) return <Redirect to={paths.studentHome()} replace />;
  return children;
}
