import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The owner's pictures live in content/images and are imported by the home page.
  server: { fs: { allow: ['.'] } },
  build: { assetsInlineLimit: 0 },
});
