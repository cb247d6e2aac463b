/**
 * Getting a report out of the browser (spec 2 §7 "Exports"): PDFs open in a new tab (the tab is
 * opened on the click, before the report is built, so pop-up blockers let it through) or are
 * downloaded; CSV files are downloaded.
 */

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadText(text: string, filename: string, mime = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type: mime }), filename);
}

/** Opens an empty tab at once (inside the click) to show the PDF in once it is built. */
export function openPendingTab(waitingText: string): Window | null {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.document.title = waitingText;
    tab.document.body.style.font = '14px sans-serif';
    tab.document.body.textContent = waitingText;
  }
  return tab;
}

/** Shows a PDF blob in the tab opened before; without a tab (blocked) it is downloaded instead. */
export function showPdf(blob: Blob, filename: string, tab: Window | null): void {
  if (!tab || tab.closed) {
    downloadBlob(blob, filename);
    return;
  }
  tab.location.href = URL.createObjectURL(blob);
}

/** `name-2026-11-22.ext`: file names with the date of the export. */
export function exportFileName(base: string, ext: 'pdf' | 'csv', now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${base}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${ext}`;
}
