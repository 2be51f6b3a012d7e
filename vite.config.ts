import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => {
  // A build is always the production bundle, whatever NODE_ENV the shell has (the e2e server
  // runs with `test`): React's JSX transform and Vite both read it, so it is set before either.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: 'client',
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: {
        '@': path.resolve(import.meta.dirname, 'client'),
        '@common': path.resolve(import.meta.dirname, 'common'),
      },
    },
    build: {
      outDir: path.resolve(import.meta.dirname, 'dist/client'),
      emptyOutDir: true,
      sourcemap: true,
    },
    server: {
      proxy: { '/api': 'http://localhost:5000' },
    },
  };
});
