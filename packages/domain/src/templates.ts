import { z } from 'zod';
import { Id, Int, safeString } from './primitives.ts';
import { Part, TypedChapterCode } from './chapterCode.ts';
import { PageInput } from './paging.ts';
import { ScopeInput } from './scope.ts';

export const TEMPLATE_DESCRIPTION_MAX = 200;
export const TEMPLATE_POSITIONS_MAX = 100;

/** A typed chapter code: `21003` or `2-1-003`, stored as the 5-character code. */
const TemplateChapter = TypedChapterCode;

/** Movement types a template position stands for: 1 payment done (expense), 3 transfer. */
export const TemplatePositionType = { Expense: 1, Transfer: 3 } as const;

export const TemplatePositionInput = z.object({
  chapter: TemplateChapter,
  /** Accepted for the client's payload; an expense position is always type 1. */
  type: Int.optional(),
});
export type TemplatePositionInput = z.infer<typeof TemplatePositionInput>;

/** A transfer moves an amount from a revenue chapter (part 1) to an expense chapter (part 2). */
export const TemplateTransferInput = z.object({ chapterFrom: TemplateChapter, chapterTo: TemplateChapter });
export type TemplateTransferInput = z.infer<typeof TemplateTransferInput>;

const descriptions = {
  descriptionDeu: safeString().trim().min(1, 'InvalidValue').max(TEMPLATE_DESCRIPTION_MAX, 'InvalidValue'),
  descriptionIta: safeString().trim().min(1, 'InvalidValue').max(TEMPLATE_DESCRIPTION_MAX, 'InvalidValue'),
};

/** POST MovementTemplates: the head (the code is assigned), optionally with positions. */
export const TemplateCreateInput = ScopeInput.extend(descriptions).extend({
  positions: z.array(TemplatePositionInput).max(TEMPLATE_POSITIONS_MAX).default([]),
  transferPositions: z.array(TemplateTransferInput).max(TEMPLATE_POSITIONS_MAX).default([]),
});
export type TemplateCreateInput = z.infer<typeof TemplateCreateInput>;

/** POST MovementTemplates/save: replaces the positions (and, when given, the descriptions) of a template. */
export const TemplateSaveInput = ScopeInput.extend({
  code: Id,
  descriptionDeu: descriptions.descriptionDeu.optional(),
  descriptionIta: descriptions.descriptionIta.optional(),
  positions: z.array(TemplatePositionInput).max(TEMPLATE_POSITIONS_MAX).default([]),
  transferPositions: z.array(TemplateTransferInput).max(TEMPLATE_POSITIONS_MAX).default([]),
});
export type TemplateSaveInput = z.infer<typeof TemplateSaveInput>;

export const TemplateCodeInput = ScopeInput.extend({ code: Id });
export type TemplateCodeInput = z.infer<typeof TemplateCodeInput>;

export const TemplateListInput = ScopeInput.extend(PageInput.shape).extend({
  description: safeString().trim().max(200).optional(),
});
export type TemplateListInput = z.infer<typeof TemplateListInput>;

/** The part a chapter must have in each slot of a template. */
export const templateSlotPart = { position: Part.Expenses, transferFrom: Part.Revenues, transferTo: Part.Expenses } as const;

export interface TemplatePosition {
  chapter: string;
  type: number;
  chapterDescriptionDe: string;
  chapterDescriptionIt: string;
}

export interface TemplateTransferPosition {
  chapterFrom: string;
  chapterFromDescriptionDe: string;
  chapterFromDescriptionIt: string;
  chapterTo: string;
  chapterToDescriptionDe: string;
  chapterToDescriptionIt: string;
}

export interface MovementTemplate {
  id: number;
  code: number;
  descriptionDeu: string;
  descriptionIta: string;
  positions: TemplatePosition[];
  transferPositions: TemplateTransferPosition[];
  /** False when the scope's budget is closed. */
  isEditable: boolean;
}

export interface TemplateBrief {
  id: number;
  code: number;
  descriptionDeu: string;
  descriptionIta: string;
  positionCount: number;
}
