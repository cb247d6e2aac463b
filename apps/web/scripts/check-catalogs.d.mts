export interface PoEntry {
  msgid: string;
  msgstr?: string;
  msgctxt?: string;
  obsolete: boolean;
}
export function parsePo(text: string): PoEntry[];
export function checkTranslations(sourcePo: string, targetPo: string): string[];
