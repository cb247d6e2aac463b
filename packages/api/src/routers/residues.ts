import {
  CarryOverReport,
  CarryOverResult,
  CarryOverState,
  ManualResidue,
  ManualResidueDeleteResult,
  ManualResidueKey,
  ManualResidueList,
  ManualResidueListInput,
  ManualResidueSaveInput,
  ResidueExport,
  ResidueExportInput,
  ResidueFinal,
  ResidueFinalInput,
  ResidueFinalSaveInput,
  ScopeInput,
  todayIso,
} from '@app/domain';
import { carryOver, carryOverPossible, carryOverReport } from '../services/residues/carryOver.ts';
import { getResidueFinal, residueExport, saveResidueFinal } from '../services/residues/determination.ts';
import { deleteManualResidue, listManualResidues, saveManualResidue } from '../services/residues/manual.ts';
import { router, scopedProcedure } from '../trpc.ts';

/**
 * Residues of the scope (spec 3 §2 Residues, §7 Budget/Residues*; DOMAIN.md "Year end", decisions
 * 13-15). Any user linked to the department; every rule (budget state, first year, bounds) lives in
 * services/residues. Amounts are Cents (euros on REST).
 */
const residuesProcedure = scopedProcedure.use(({ ctx, next }) => next({ ctx: { residueScope: { ...ctx.scope, today: todayIso(ctx.now()) } } }));

export const residuesRouter = router({
  /** Budget/Residues/Final GET: the determination table of one source (1 current, 2 residue lines). */
  final: residuesProcedure
    .input(ResidueFinalInput)
    .output(ResidueFinal)
    .query(({ ctx, input }) => getResidueFinal(ctx.db, ctx.residueScope, input.source)),
  /** Budget/Residues/Final PUT: the final residues of one source, bounds checked, one transaction; answers the table again. */
  saveFinal: residuesProcedure
    .input(ResidueFinalSaveInput)
    .output(ResidueFinal)
    .mutation(({ ctx, input }) => saveResidueFinal(ctx.db, ctx.residueScope, input)),
  /** Budget/Residues/Export GET: the print data (source 0/1/2, with/without residue, detailed). */
  export: residuesProcedure
    .input(ResidueExportInput)
    .output(ResidueExport)
    .query(({ ctx, input }) => residueExport(ctx.db, ctx.residueScope, input)),
  /** Budget/Residues/CarryOver GET: may the previous year be carried into the scope year? */
  carryOverPossible: residuesProcedure
    .input(ScopeInput)
    .output(CarryOverState)
    .query(({ ctx }) => carryOverPossible(ctx.db, ctx.residueScope)),
  /** Budget/Residues/CarryOver PUT: carries the previous year's residues into the scope year (idempotent). */
  carryOver: residuesProcedure
    .input(ScopeInput)
    .output(CarryOverResult)
    .mutation(({ ctx }) => carryOver(ctx.db, ctx.residueScope)),
  /** Budget/Residues/CarryOver/Report GET: the carried lines (previous year's residue, the new line's). */
  carryOverReport: residuesProcedure
    .input(ScopeInput)
    .output(CarryOverReport)
    .query(({ ctx }) => carryOverReport(ctx.db, ctx.residueScope)),
  /** Budget/Residues GET: the manual residues of the scope (first year). */
  manualList: residuesProcedure
    .input(ManualResidueListInput)
    .output(ManualResidueList)
    .query(({ ctx, input }) => listManualResidues(ctx.db, ctx.residueScope, input.search)),
  /** Budget/Residues POST: a manual residue created or changed (first year only). */
  manualSave: residuesProcedure
    .input(ManualResidueSaveInput)
    .output(ManualResidue)
    .mutation(({ ctx, input }) => saveManualResidue(ctx.db, ctx.residueScope, input)),
  /** Budget/Residues DELETE: a manual residue on which nothing is booked or reserved. */
  manualDelete: residuesProcedure
    .input(ManualResidueKey)
    .output(ManualResidueDeleteResult)
    .mutation(({ ctx, input }) => deleteManualResidue(ctx.db, ctx.residueScope, input.id)),
});
