/* global document */
/** The questions of the e2e specs: the safe answer focused (issue 25 item 1), a save past the availability question. */
import assert from 'node:assert/strict';

/** Waits until the answer with these words has the focus in the open question (the safe answer, issue 25 item 1). */
export async function answerFocused(page, label) {
  await page.waitForFunction(
    (words) => document.activeElement?.closest('[role="dialog"]') != null && document.activeElement.textContent.trim() === words,
    label,
    { timeout: 5000 },
  );
}

/**
 * A reflex Enter on a question that would write something irreversible: the safe answer (`label`) has the
 * focus, Enter answers it and the question closes (the caller then checks that nothing was written).
 */
export async function enterOnQuestion(page, label) {
  await answerFocused(page, label);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/**
 * Saves the record with Ctrl+Enter from the focused field, answering "Fortfahren" when the availability question
 * comes (`saved`: the toast's pattern with the number as its group, `goOn`: the answer). Answers the record number.
 */
export async function saveRecordPassingQuestion(page, { saved, goOn }) {
  await page.keyboard.press('Control+Enter');
  const toast = page.getByText(saved).first();
  const question = page.getByRole('dialog').getByRole('button', { name: goOn, exact: true });
  await Promise.race([toast.waitFor(), question.waitFor()]);
  if (await question.isVisible()) await question.click();
  await toast.waitFor();
  const n = Number(saved.exec(await toast.innerText())?.[1]);
  assert.ok(n > 0, 'saved with a record number');
  return n;
}
