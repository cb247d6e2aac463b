export { footerParts, type ReportLanguage } from './footer.ts';
