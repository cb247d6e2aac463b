DROP INDEX "movement_positions_line_idx";--> statement-breakpoint
CREATE INDEX "movement_positions_line_amount_idx" ON "movement_positions" USING btree ("chapter_budget_id","amount");