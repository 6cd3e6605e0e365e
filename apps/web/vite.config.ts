import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://127.0.0.1:3000';
/** The server owns /backend (API, files) and /dev (the embedded mailbox page). */
// The notification hub (/backend/hubs) upgrades to a websocket, so the proxy forwards upgrades too.
const proxy = { '/backend': { target: backend, ws: true }, '/dev': backend };

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Our contracts and domain packages are pure modules (zod schemas, rules): a screen that imports one
      // schema must not pull every module of the barrel into its chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/](contracts|domain)[\\/]src[\\/]/.test(id) },
      output: {
        // Routes are split with React.lazy. Only React and the router get a chunk of their own: one big
        // Mantine or vendor group would put every component any screen uses into every page's first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
});
