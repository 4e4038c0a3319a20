import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineStylesInUse } from './scripts/lib/vite-mantine-styles.ts';
import { mantineVariables } from './scripts/lib/vite-mantine-variables.ts';
import { pageScripts } from './scripts/lib/vite-page-scripts.ts';
import { precompress } from './scripts/lib/vite-precompress.ts';
import { precacheScope } from './scripts/lib/vite-precache-scope.ts';
import { webAppManifest } from './scripts/lib/web-app-manifest.ts';

// The service worker keeps the trainees' app (scripts/lib/vite-precache-scope.ts), without the
// instructors' area and a trainee's matches (their streaming and their upload need signal anyway;
// hls.js alone is 96 kB compressed, and the trainee's area asks for it as a match's page opens).
const precache = precacheScope([
  /[\\/]node_modules[\\/]hls\.js[\\/]/,
  /[\\/]src[\\/]client[\\/]app[\\/]admin-area\.tsx$/,
  /[\\/]src[\\/]client[\\/]features[\\/]matches[\\/]match-page\.tsx$/,
  /[\\/]src[\\/]client[\\/]features[\\/]matches[\\/]my-matches-page\.tsx$/,
]);

export default defineConfig({
  plugins: [
    react(),
    mantineVariables(),
    mantineStylesInUse(),
    precache.plugin,
    // A tap on a button of a page the server drew, kept until the app takes the page over; and
    // the app's code evaluated once that page is painted.
    pageScripts({ earlyTaps: 'src/client/early-taps.js', start: 'src/client/start.js' }),
    // The installable app: the manifest, and the service worker (src/client/sw.ts) with the list
    // of the built files it keeps for use without signal. The page registers it itself
    // (app/update-prompt.tsx), so a new version waits for the person's 'Actualizar'.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/client',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webAppManifest,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      injectManifest: {
        // The app's code, styles and icons, and index.html: the shell a navigation falls back to
        // without signal. The precompressed copies (.br, .gz) are the server's business.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        globIgnores: ['**/*.br', '**/*.gz'],
        manifestTransforms: [(entries) => ({ manifest: entries.filter((entry) => !precache.isLeftOut(entry.url)) })],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Mantine's sliding indicator (the video's 'Calidad' control) uses one line of its
            // ScrollArea: alone, that line would bring the whole ScrollArea (about 14 KB) with it.
            { name: 'to-int', test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]utils[\\/]to-int/ },
            // What every page needs to start, in one file: a page that lists each of thirty small
            // files for the browser to fetch ahead spends longer on the list than on the files.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
