// Where a person was when they had to sign in (a lapsed session, or an address opened signed
// out), so that signing in brings them back there rather than to their home page. Kept for this
// tab only, and only for the person who was there: on a shared phone, someone else who signs in
// next goes to their own home page.

const KEY = 'aula:volver';
const LAST_USER_KEY = 'aula:ultimo-usuario';

interface ReturnTo {
  path: string;
  /** Who was signed in there; null when nobody was (an address opened signed out). */
  userId: string | null;
  /** The server ended the session under the person's feet: the login page says so. */
  lapsed: boolean;
}

/** Only a path of this app: never another site (`//host`), never a signed-out page. */
const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && path !== '/';

function read(): ReturnTo | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ReturnTo | null;
    return stored && typeof stored.path === 'string' && isAppPath(stored.path) ? stored : null;
  } catch {
    return null;
  }
}

function write(value: ReturnTo | null) {
  try {
    if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: signing in leads home, as before.
  }
}

/** The session lapsed on this page: come back here after signing in, and say why they were sent away. */
export function rememberLapsedSession(userId: string, path = `${location.pathname}${location.search}`) {
  if (isAppPath(path)) write({ path, userId, lapsed: true });
}

/**
 * A page opened with a session the server no longer accepts (a reload after signing out on another
 * device, a password changed): come back here after signing in, and say why.
 */
export function rememberLapsedVisit(path = `${location.pathname}${location.search}`) {
  if (isAppPath(path)) write({ path, userId: lastSignedInUser(), lapsed: true });
}

let lastUser: string | null | undefined;

/** Who was last signed in in this tab (a page that needs a session shows): whose a later signed-out visit is. */
export function noteSignedInUser(userId: string) {
  if (lastUser === userId) return;
  lastUser = userId;
  try {
    sessionStorage.setItem(LAST_USER_KEY, userId);
  } catch {
    // Storage unavailable: a signed-out visit is then anyone's.
  }
}

function lastSignedInUser(): string | null {
  if (lastUser !== undefined) return lastUser;
  try {
    return sessionStorage.getItem(LAST_USER_KEY);
  } catch {
    return null;
  }
}

/**
 * A signed-out visit to a page that needs a session: come back to it after signing in (unless a
 * lapse is already remembered), if it is the same person who was last signed in in this tab.
 */
export function rememberSignedOutVisit(path: string) {
  if (isAppPath(path) && !read()) write({ path, userId: lastSignedInUser(), lapsed: false });
}

/** Whether the login page should say 'Tu sesión venció. Ingresá de nuevo.' */
export const sessionLapsed = () => read()?.lapsed ?? false;

/** After signing in: where to go, if this person has somewhere to come back to. Forgotten either way. */
export function takeReturnPath(userId: string): string | null {
  const stored = read();
  write(null);
  return stored && (stored.userId === null || stored.userId === userId) ? stored.path : null;
}

/** A deliberate sign-out: nothing to come back to. */
export const forgetReturnPath = () => write(null);
