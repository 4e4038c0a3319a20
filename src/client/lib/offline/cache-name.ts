// Where a trainee's downloads are kept, and how the service worker knows whose they are.

/**
 * The Cache Storage cache of what one person downloaded (`aula-descargas:<userId>`): on a shared
 * phone each person's downloads, their answers and progress among them, are kept apart.
 */
export const DOWNLOADS_CACHE_PREFIX = 'aula-descargas:';
export const downloadsCacheOf = (userId: string) => `${DOWNLOADS_CACHE_PREFIX}${userId}`;

/**
 * Sent with the app's requests: whom the app makes them for (lib/api.ts). The server ignores it;
 * the service worker answers downloaded data only from that person's cache (sw/downloads.ts).
 */
export const REQUEST_USER_HEADER = 'x-aula-usuario';

/** Sent with the app's requests while it is without connection (lib/connectivity.ts): the service worker answers downloaded data at once. */
export const OFFLINE_HEADER = 'x-aula-sin-conexion';

/** Set by the service worker on an answer taken from the phone's downloads: it says nothing of whether the server is there. */
export const FROM_DOWNLOADS_HEADER = 'x-aula-descarga';
