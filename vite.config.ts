import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { publicPageChunks } from './scripts/public-page-chunks.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Inline nothing as data: URLs; the Content-Security-Policy allows fonts and images from 'self'.
    assetsInlineLimit: 0,
    // No gzip size per file in the build's report: compress-assets.mjs reports the Brotli total.
    reportCompressedSize: false,
    // The browser's scripts only: the server bundle is one file whatever its chunks.
    ...(!isSsrBuild && { rollupOptions: { output: { manualChunks: publicPageChunks() } } }),
  },
}));
