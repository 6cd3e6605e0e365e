// Shared by the API client and the session (the app's shell) and by early-reads.ts, which downloads before the
// shell: so a module of its own that imports nothing, in the early-reads chunk (vite.config.ts).

/** The API client of platform §7 and §8 sends every request under this path. */
export const API_BASE = '/backend/api';
/** The local user record (platform §3) lives in local storage under this key. */
export const USER_STORAGE_KEY = 'tankha.user';
