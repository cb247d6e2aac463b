/* global DataTransfer */
/**
 * Drops files onto an element as the desktop does (issue 28): a DataTransfer holding the files, dispatched as
 * dragenter, dragover and drop. Each file: its name, type and either its text (`content`) or its bytes (`bytes`,
 * an array of numbers).
 */
export async function dropFiles(page, testId, files) {
  const target = page.getByTestId(testId);
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.bytes ? new Uint8Array(f.bytes) : f.content], f.name, { type: f.type }));
    return dt;
  }, files);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}
