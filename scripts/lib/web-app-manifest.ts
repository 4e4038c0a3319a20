// The web app manifest (what a phone shows when the app is installed), written by the build as
// manifest.webmanifest. Its colours are the app's own: the theme's blue for the title bar (as the
// document's theme-color) and Mantine's white page for the splash screen.
import { DEFAULT_THEME } from '@mantine/core';
import type { ManifestOptions } from 'vite-plugin-pwa';

export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Aula Virtual',
  short_name: 'Aula Virtual',
  description: 'Aula virtual para la formación de árbitros de handball: módulos, videos, jugadas y exámenes.',
  lang: 'es-AR',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: DEFAULT_THEME.colors.blue[7],
  background_color: DEFAULT_THEME.white,
  categories: ['education', 'sports'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
