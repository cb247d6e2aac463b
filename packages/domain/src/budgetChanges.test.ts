import { describe, expect, it } from 'vitest';
import { missingAdjustmentDescriptions } from './budgetChanges.ts';

describe('missingAdjustmentDescriptions', () => {
  const named = { amount: 100, descriptionDeu: 'Fest', descriptionIta: 'Festa' };
  it('needs both descriptions for a position of an empty chapter with an amount', () => {
    expect(missingAdjustmentDescriptions(true, named)).toEqual([]);
    expect(missingAdjustmentDescriptions(true, { ...named, descriptionDeu: ' ' })).toEqual(['descriptionDeu']);
    expect(missingAdjustmentDescriptions(true, { ...named, descriptionDeu: '', descriptionIta: '' })).toEqual(['descriptionDeu', 'descriptionIta']);
    expect(missingAdjustmentDescriptions(true, { ...named, amount: -5, descriptionIta: '' })).toEqual(['descriptionIta']);
  });
  it('needs none for another chapter or a position without an amount', () => {
    const unnamed = { amount: 100, descriptionDeu: '', descriptionIta: '' };
    expect(missingAdjustmentDescriptions(false, unnamed)).toEqual([]);
    expect(missingAdjustmentDescriptions(true, { ...unnamed, amount: 0 })).toEqual([]);
    expect(missingAdjustmentDescriptions(true, { ...unnamed, amount: null })).toEqual([]);
  });
});
