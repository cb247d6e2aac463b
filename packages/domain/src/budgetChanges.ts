export type PositionDescriptionField = 'descriptionDeu' | 'descriptionIta';

/**
 * The adjustment names its positions on empty chapters: a position of an empty chapter with an
 * amount needs both descriptions. The missing ones, German first ([] when none is missing); an
 * amount of null (an empty field) counts as 0.
 */
export function missingAdjustmentDescriptions(
  emptyChapter: boolean,
  position: { amount: number | null; descriptionDeu: string; descriptionIta: string },
): PositionDescriptionField[] {
  if (!emptyChapter || (position.amount ?? 0) === 0) return [];
  return (['descriptionDeu', 'descriptionIta'] as const).filter((field) => position[field].trim() === '');
}
