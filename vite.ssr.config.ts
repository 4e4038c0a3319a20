import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server's render of the student pages (src/client/ssr.tsx) as one self-contained module
// for Node, dist/server/ssr.js: the server imports it when it is there.
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    ssr: 'src/client/ssr.tsx',
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: false,
  },
  ssr: { noExternal: true },
});
