import { createContext, useContext } from 'react';

/** The app's origin: the browser's, or in the server's render the public address it is served at. */
export const OriginContext = createContext<string | null>(null);

export const useOrigin = () => useContext(OriginContext) ?? window.location.origin;
