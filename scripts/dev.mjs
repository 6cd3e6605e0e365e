// `npm run dev`: the API with reload on :3000 and Vite on :5173 (proxying /backend and /dev to the API).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@tankha/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@tankha/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
