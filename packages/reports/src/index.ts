export { footerParts, type ReportLanguage } from './footer.ts';
export { budgetDraftPdf } from './budgetDraft.ts';
export { adjustmentProtocolPdf, type BudgetReportContext, budgetTexts, changesByChapterPdf, changesProtocolPdf, forecastPdf } from './budgetPrints.ts';
export { chartOfAccountsPdf, type ChartReportContext } from './chartOfAccounts.ts';
export { accountsPrintPdf } from './accountsPrint.ts';
export { BOM, toCsv } from './csv.ts';
export { departmentListCsv, departmentListPdf } from './departmentList.ts';
export { listReport, type ReportContext } from './listReport.ts';
export { supplierListCsv, supplierListPdf } from './supplierList.ts';
