/** The Cache Storage cache of what a trainee downloaded; the service worker answers from it. */
export const DOWNLOADS_CACHE = 'aula-descargas';
