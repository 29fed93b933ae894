import { defineConfig } from 'vite';

// The app shell builds to web/dist/ (served at / by the server). /engine/ (web/engine)
// and /pyodide/ (pyodide/dist) are served by the server beside it and are never bundled.
export default defineConfig({
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: { external: [/^\/engine\//, /^\/pyodide\//] },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8000', '/engine': 'http://127.0.0.1:8000', '/pyodide': 'http://127.0.0.1:8000', '/health': 'http://127.0.0.1:8000' } },
});
