export { InvoicesLayout } from './InvoicesLayout';
export { AllInvoicesPage } from './AllInvoicesPage';
export { BusinessesPage, ClientsPage } from './PartiesPage';
export { InvoiceFormPage } from './InvoiceFormPage';
export { InvoiceDetailPage } from './InvoiceDetailPage';
export { CustomizeInvoicePage } from './CustomizeInvoicePage';
