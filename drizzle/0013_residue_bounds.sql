ALTER TABLE "chapter_budgets" ADD COLUMN "residue_minimum" numeric(14,2);--> statement-breakpoint
ALTER TABLE "chapter_budgets" ADD COLUMN "residue_maximum" numeric(14,2);