// The printed lists (one module each) and the CSV exports; page layout in layout.ts, titles and
// column labels in the catalogs labels/de.ts and labels/it.ts.
export { type ReportLabels, reportLabels, labelsFor, type ReportLanguage } from './labels/index.ts';
export { footerParts, type LanguageReportContext, type ReportContext } from './layout.ts';
export { listReport } from './listReport.ts';
export { departmentListCsv, departmentListPdf } from './departmentList.ts';
export { supplierListCsv, supplierListPdf } from './supplierList.ts';
export { departmentMasterSheetPdf, type DepartmentMasterSheetData } from './departmentMasterSheet.ts';
export { supplierMasterSheetPdf, type SupplierMasterSheetData } from './supplierMasterSheet.ts';
export { accountsPrintPdf } from './accountsPrint.ts';
export { chartOfAccountsPdf, type ChartReportContext } from './chartOfAccounts.ts';
export { budgetDraftPdf } from './budgetDraft.ts';
export { forecastPdf } from './forecast.ts';
export { changesByChapterPdf } from './changesByChapter.ts';
export { adjustmentProtocolPdf } from './adjustmentProtocol.ts';
export { changesProtocolPdf } from './changesProtocol.ts';
export { paymentOrderPdf } from './bankFile/paymentOrderPdf.ts';
export { reservationsPdf, type ReservationsPrintHead } from './reservationsList.ts';
export { openPaymentsPdf, registeredProtocolPdf } from './payments.ts';
export { finalBalanceErrorsPdf } from './finalBalanceErrors.ts';
export { finalReportPdf } from './finalReport.ts';
export { etsReportPdf } from './etsReport.ts';
export { cashJournalPdf } from './cashJournal.ts';
export { chapterDigestsPdf, type ChapterDigestsHead } from './chapterDigest.ts';
export { supplierDigestsPdf, type SupplierDigestsHead } from './supplierDigest.ts';
export { availabilitiesPdf, type AvailabilitiesHead } from './availabilities.ts';
export { BOM, toCsv } from './csv.ts';
export { csvAmount, statisticsCsv } from './statistics.ts';
export { overviewCsv } from './overview.ts';
