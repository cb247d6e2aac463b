ALTER TABLE "movement_positions" DROP CONSTRAINT "movement_positions_amount_ck";--> statement-breakpoint
ALTER TABLE "movement_transfer_positions" DROP CONSTRAINT "movement_transfer_positions_amount_ck";--> statement-breakpoint
ALTER TABLE "movement_positions" ADD CONSTRAINT "movement_positions_amount_ck" CHECK ("movement_positions"."amount" >= 0);--> statement-breakpoint
ALTER TABLE "movement_transfer_positions" ADD CONSTRAINT "movement_transfer_positions_amount_ck" CHECK ("movement_transfer_positions"."amount" >= 0);