import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineVariables } from './scripts/lib/vite-mantine-variables.ts';
import { precompress } from './scripts/lib/vite-precompress.ts';

export default defineConfig({
  plugins: [react(), mantineVariables(), precompress()],
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
