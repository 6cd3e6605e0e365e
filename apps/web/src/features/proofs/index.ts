export { PoiLandingPage } from './PoiLandingPage';
export { PoiFormPage } from './PoiFormPage';
export { PoiSummaryPage } from './PoiSummaryPage';
