import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // no manual vendor chunks: each route pulls only the antd components it uses (a single antd chunk made /login load all of antd)
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } } },
});
