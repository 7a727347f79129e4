import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API process serves the built app; in `npm run dev` Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
