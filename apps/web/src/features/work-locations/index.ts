export { WorkLocationsPage } from './WorkLocationsPage';
export { WorkLocationSelect, type WorkLocationSelectProps } from './WorkLocationSelect';
