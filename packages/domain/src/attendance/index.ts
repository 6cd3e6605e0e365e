export * from './month';
export * from './weekends';
export * from './time-logs';
export * from './day-status';
export * from './shift-resolution';
export * from './geofence';
