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
} from '@app/domain';
import { carryOver, carryOverPossible, carryOverReport } from '../services/residues/carryOver.ts';
import { getResidueFinal, residueExport, saveResidueFinal } from '../services/residues/determination.ts';
import { deleteManualResidue, listManualResidues, saveManualResidue } from '../services/residues/manual.ts';
import { bookingProcedure, router } from '../trpc.ts';

/**
 * Residues of the scope (spec 3 §2 Residues, §7 Budget/Residues*; DOMAIN.md "Year end", decisions
 * 13-15). Any user linked to the department; every rule (budget state, first year, bounds) lives in
 * services/residues. Amounts are Cents (euros on REST).
 */
export const residuesRouter = router({
  /** Budget/Residues/Final GET: the determination table of one source (1 current, 2 residue lines). */
  final: bookingProcedure
    .input(ResidueFinalInput)
    .output(ResidueFinal)
    .query(({ ctx, input }) => getResidueFinal(ctx.db, ctx.bookingScope, input.source)),
  /** Budget/Residues/Final PUT: the final residues of one source, bounds checked, one transaction; answers the table again. */
  saveFinal: bookingProcedure
    .input(ResidueFinalSaveInput)
    .output(ResidueFinal)
    .mutation(({ ctx, input }) => saveResidueFinal(ctx.db, ctx.bookingScope, input)),
  /** Budget/Residues/Export GET: the print data (source 0/1/2, with/without residue, detailed). */
  export: bookingProcedure
    .input(ResidueExportInput)
    .output(ResidueExport)
    .query(({ ctx, input }) => residueExport(ctx.db, ctx.bookingScope, input)),
  /** Budget/Residues/CarryOver GET: may the previous year be carried into the scope year? */
  carryOverPossible: bookingProcedure
    .input(ScopeInput)
    .output(CarryOverState)
    .query(({ ctx }) => carryOverPossible(ctx.db, ctx.bookingScope)),
  /** Budget/Residues/CarryOver PUT: carries the previous year's residues into the scope year (idempotent). */
  carryOver: bookingProcedure
    .input(ScopeInput)
    .output(CarryOverResult)
    .mutation(({ ctx }) => carryOver(ctx.db, ctx.bookingScope)),
  /** Budget/Residues/CarryOver/Report GET: the carried lines (previous year's residue, the new line's). */
  carryOverReport: bookingProcedure
    .input(ScopeInput)
    .output(CarryOverReport)
    .query(({ ctx }) => carryOverReport(ctx.db, ctx.bookingScope)),
  /** Budget/Residues GET: the manual residues of the scope (first year). */
  manualList: bookingProcedure
    .input(ManualResidueListInput)
    .output(ManualResidueList)
    .query(({ ctx, input }) => listManualResidues(ctx.db, ctx.bookingScope, input.search)),
  /** Budget/Residues POST: a manual residue created or changed (first year only). */
  manualSave: bookingProcedure
    .input(ManualResidueSaveInput)
    .output(ManualResidue)
    .mutation(({ ctx, input }) => saveManualResidue(ctx.db, ctx.bookingScope, input)),
  /** Budget/Residues DELETE: a manual residue on which nothing is booked or reserved. */
  manualDelete: bookingProcedure
    .input(ManualResidueKey)
    .output(ManualResidueDeleteResult)
    .mutation(({ ctx, input }) => deleteManualResidue(ctx.db, ctx.bookingScope, input.id)),
});
