import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Inline nothing as data: URLs; the Content-Security-Policy allows fonts and images from 'self'.
    assetsInlineLimit: 0,
  },
});
