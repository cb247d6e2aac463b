ALTER TABLE "movement_positions" ADD COLUMN "cancelled_amount" numeric(14,2);--> statement-breakpoint
ALTER TABLE "movement_transfer_positions" ADD COLUMN "cancelled_amount" numeric(14,2);--> statement-breakpoint
ALTER TABLE "movement_positions" ADD CONSTRAINT "movement_positions_cancelled_amount_ck" CHECK ("movement_positions"."cancelled_amount" is null or ("movement_positions"."cancelled_amount" > 0 and "movement_positions"."amount" = 0));--> statement-breakpoint
ALTER TABLE "movement_transfer_positions" ADD CONSTRAINT "movement_transfer_positions_cancelled_amount_ck" CHECK ("movement_transfer_positions"."cancelled_amount" is null or ("movement_transfer_positions"."cancelled_amount" > 0 and "movement_transfer_positions"."amount" = 0));--> statement-breakpoint
-- positions cancelled before their amounts were kept: a cancelled record with one position and kept
-- instalments had the instalments' sum on it (they sum to the cash positions); any other stays unknown (null)
UPDATE "movement_positions" p SET "cancelled_amount" = kept.total
  FROM (SELECT m.id, sum(pay.amount) AS total FROM "movements" m JOIN "movement_payments" pay ON pay.movement_id = m.id
        WHERE m.cancelled GROUP BY m.id) kept
  WHERE p.movement_id = kept.id AND p.amount = 0 AND kept.total > 0
    AND (SELECT count(*) FROM "movement_positions" q WHERE q.movement_id = kept.id) = 1;
