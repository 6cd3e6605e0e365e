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
      output: {
        // Routes are split with React.lazy; the libraries every screen needs get stable chunks of their own.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            { name: 'mantine', test: /[\\/]node_modules[\\/]@mantine[\\/]/, priority: 2 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
