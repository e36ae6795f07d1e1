/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `holidays-page` -> `Holidays`: page chunks are named after their page, so network logs read plainly. */
export const pageChunkName = (name: string) =>
  name
    .replace(/-page$/, '')
    .split('-')
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** Large libraries in their own long-lived chunks, so an app release does not re-download them. */
const VENDOR_CHUNKS: [string, RegExp][] = [
  ['vendor-mui-x', /node_modules[\\/]@mui[\\/]x-/],
  ['vendor-mui', /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/],
  ['vendor-react', /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/],
  ['vendor-forms', /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/],
  ['vendor-query', /node_modules[\\/]@tanstack[\\/]/],
];

// The built app is served by apps/server from apps/web/dist (same origin, base URL empty).
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && /[\\/]pages[\\/][^\\/]+-page\.tsx$/.test(chunk.facadeModuleId)
            ? `assets/${pageChunkName(chunk.name)}-[hash].js`
            : 'assets/[name]-[hash].js',
        manualChunks: (id) => VENDOR_CHUNKS.find(([, pattern]) => pattern.test(id))?.[0],
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
