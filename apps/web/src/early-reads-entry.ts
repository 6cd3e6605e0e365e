// index.html's first script: starts the page's first API reads while the app's code downloads (app/early-reads.ts).
import { startEarlyReads } from './app/early-reads';

startEarlyReads();
