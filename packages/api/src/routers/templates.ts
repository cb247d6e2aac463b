import {
  DeletedRecordOutput,
  TemplateCodeInput,
  TemplateCreatedOutput,
  TemplateCreateInput,
  TemplateListInput,
  TemplateOutput,
  TemplatePageOutput,
  TemplateSaveInput,
} from '@app/domain';
import { requirePermission } from '../guards.ts';
import * as templates from '../services/templates.ts';
import { scopedProcedure, router } from '../trpc.ts';

/** Movement templates of the scope department; open to every user linked to it. */
const templateProcedure = scopedProcedure.use(({ ctx, next }) => {
  requirePermission('movementTemplates', ctx.scope.area, ctx.session.accessLevel);
  return next({ ctx: { templateScope: { ...ctx.scope, accessLevel: ctx.session.accessLevel } } });
});

export const templatesRouter = router({
  list: templateProcedure
    .input(TemplateListInput)
    .output(TemplatePageOutput)
    .query(({ ctx, input }) => templates.listTemplates(ctx.db, ctx.templateScope, input)),
  get: templateProcedure
    .input(TemplateCodeInput)
    .output(TemplateOutput)
    .query(({ ctx, input }) => templates.getTemplate(ctx.db, ctx.templateScope, input)),
  create: templateProcedure
    .input(TemplateCreateInput)
    .output(TemplateCreatedOutput)
    .mutation(({ ctx, input }) => templates.createTemplate(ctx.db, ctx.templateScope, input)),
  save: templateProcedure
    .input(TemplateSaveInput)
    .output(TemplateOutput)
    .mutation(({ ctx, input }) => templates.saveTemplate(ctx.db, ctx.templateScope, input)),
  delete: templateProcedure
    .input(TemplateCodeInput)
    .output(DeletedRecordOutput)
    .mutation(({ ctx, input }) => templates.deleteTemplate(ctx.db, ctx.templateScope, input)),
});
