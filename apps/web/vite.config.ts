/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deliveryPlugin } from './build/delivery';

/** `holidays-page` -> `Holidays`: page chunks are named after their page, so network logs read plainly. */
export const pageChunkName = (name: string) =>
  name
    .replace(/-page$/, '')
    .split('-')
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** Large libraries in their own long-lived chunks, so an app release does not re-download them. */
// Only React itself is grouped: grouping MUI or forms made the sign-in page download every component any
// page uses (issue 11); the rest is split by where it is imported.
const VENDOR_CHUNKS: [string, RegExp][] = [
  ['vendor-react', /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/],
];

// The built app is served by apps/server from apps/web/dist (same origin, base URL empty).
export default defineConfig({
  plugins: [
    react(),
    deliveryPlugin({ budgetBytes: Number(process.env.HRPAY_LOGIN_JS_BUDGET_BYTES) || undefined }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the published build (issue 13 item 11): they would hand out the whole source.
    sourcemap: false,
    // Read by build/delivery.ts to weigh the sign-in route.
    manifest: true,
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
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
