export { LockUnlockLayout } from './LockUnlockLayout';
export { DeclarationsTab, ProofsTab } from './WindowPreferences';
