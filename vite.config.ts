import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineVariables } from './scripts/lib/vite-mantine-variables.ts';
import { precompress } from './scripts/lib/vite-precompress.ts';
import { webAppManifest } from './scripts/lib/web-app-manifest.ts';

export default defineConfig({
  plugins: [
    react(),
    mantineVariables(),
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
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
