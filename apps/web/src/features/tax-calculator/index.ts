export { TaxCalculatorPage } from './TaxCalculatorPage';
