CREATE TABLE "movement_payment_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"amount" numeric(14,2) NOT NULL,
	CONSTRAINT "movement_payment_shares_amount_ck" CHECK ("movement_payment_shares"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "movement_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"movement_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14,2) NOT NULL,
	"date_due" date NOT NULL,
	"date_paid" date,
	CONSTRAINT "movement_payments_amount_ck" CHECK ("movement_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "movement_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"movement_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"chapter_budget_id" integer NOT NULL,
	"amount" numeric(14,2) NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "movement_positions_amount_ck" CHECK ("movement_positions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "movement_transfer_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"movement_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"from_chapter_budget_id" integer NOT NULL,
	"to_chapter_budget_id" integer NOT NULL,
	"amount" numeric(14,2) NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "movement_transfer_positions_amount_ck" CHECK ("movement_transfer_positions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"record_number" integer NOT NULL,
	"type" smallint NOT NULL,
	"record_date" date NOT NULL,
	"document_date" date,
	"document_number" varchar(50) DEFAULT '' NOT NULL,
	"supplier_id" integer,
	"account_id" integer,
	"template_code" integer,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movements_kind_ck" CHECK ("movements"."kind" in ('revenues', 'expenses')),
	CONSTRAINT "movements_type_ck" CHECK ("movements"."type" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "movement_payment_shares" ADD CONSTRAINT "movement_payment_shares_payment_id_movement_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."movement_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_payment_shares" ADD CONSTRAINT "movement_payment_shares_position_id_movement_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."movement_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_payments" ADD CONSTRAINT "movement_payments_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_positions" ADD CONSTRAINT "movement_positions_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_positions" ADD CONSTRAINT "movement_positions_chapter_budget_id_chapter_budgets_id_fk" FOREIGN KEY ("chapter_budget_id") REFERENCES "public"."chapter_budgets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_transfer_positions" ADD CONSTRAINT "movement_transfer_positions_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_transfer_positions" ADD CONSTRAINT "movement_transfer_positions_from_chapter_budget_id_chapter_budgets_id_fk" FOREIGN KEY ("from_chapter_budget_id") REFERENCES "public"."chapter_budgets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_transfer_positions" ADD CONSTRAINT "movement_transfer_positions_to_chapter_budget_id_chapter_budgets_id_fk" FOREIGN KEY ("to_chapter_budget_id") REFERENCES "public"."chapter_budgets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "movement_payment_shares_uq" ON "movement_payment_shares" USING btree ("payment_id","position_id");--> statement-breakpoint
CREATE INDEX "movement_payment_shares_position_idx" ON "movement_payment_shares" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "movement_payments_movement_idx" ON "movement_payments" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "movement_payments_due_idx" ON "movement_payments" USING btree ("date_due");--> statement-breakpoint
CREATE INDEX "movement_positions_movement_idx" ON "movement_positions" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "movement_positions_line_idx" ON "movement_positions" USING btree ("chapter_budget_id");--> statement-breakpoint
CREATE INDEX "movement_transfer_positions_movement_idx" ON "movement_transfer_positions" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "movement_transfer_positions_from_idx" ON "movement_transfer_positions" USING btree ("from_chapter_budget_id");--> statement-breakpoint
CREATE INDEX "movement_transfer_positions_to_idx" ON "movement_transfer_positions" USING btree ("to_chapter_budget_id");--> statement-breakpoint
CREATE UNIQUE INDEX "movements_record_uq" ON "movements" USING btree ("department_id","year","kind","record_number");--> statement-breakpoint
CREATE INDEX "movements_scope_date_idx" ON "movements" USING btree ("department_id","year","record_date");--> statement-breakpoint
CREATE INDEX "movements_supplier_idx" ON "movements" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "movements_account_idx" ON "movements" USING btree ("account_id");