DROP INDEX "payment_order_items_payment_uq";--> statement-breakpoint
ALTER TABLE "movement_payments" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "movement_payments" ADD COLUMN "note" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD COLUMN "returned_on" date;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD COLUMN "returned_by" integer;--> statement-breakpoint
ALTER TABLE "movement_payments" ADD CONSTRAINT "movement_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movement_payments_account_idx" ON "movement_payments" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_items_payment_uq" ON "payment_order_items" USING btree ("payment_id") WHERE "payment_order_items"."returned_on" is null;