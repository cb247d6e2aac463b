CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"record_number" integer NOT NULL,
	"record_date" date NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"chapter_budget_id" integer NOT NULL,
	"amount_booked" numeric(14,2) NOT NULL,
	"amount_used_typed" numeric(14,2) DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_booked_ck" CHECK ("reservations"."amount_booked" >= 0),
	CONSTRAINT "reservations_used_typed_ck" CHECK ("reservations"."amount_used_typed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "account_balances" (
	"account_id" integer NOT NULL,
	"year" integer NOT NULL,
	"initial_balance" numeric(14,2) DEFAULT 0 NOT NULL,
	CONSTRAINT "account_balances_account_id_year_pk" PRIMARY KEY("account_id","year")
);
--> statement-breakpoint
CREATE TABLE "account_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"record_number" integer NOT NULL,
	"record_date" date NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"account_from_id" integer NOT NULL,
	"account_to_id" integer NOT NULL,
	"amount" numeric(14,2) NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_transfers_amount_ck" CHECK ("account_transfers"."amount" > 0 or ("account_transfers"."cancelled" and "account_transfers"."amount" = 0)),
	CONSTRAINT "account_transfers_accounts_ck" CHECK ("account_transfers"."account_from_id" <> "account_transfers"."account_to_id")
);
--> statement-breakpoint
ALTER TABLE "movement_positions" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "movement_positions" ADD COLUMN "reservation_amount" numeric(14,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_chapter_budget_id_chapter_budgets_id_fk" FOREIGN KEY ("chapter_budget_id") REFERENCES "public"."chapter_budgets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_account_from_id_accounts_id_fk" FOREIGN KEY ("account_from_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_account_to_id_accounts_id_fk" FOREIGN KEY ("account_to_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_record_uq" ON "reservations" USING btree ("department_id","year","record_number");--> statement-breakpoint
CREATE INDEX "reservations_line_idx" ON "reservations" USING btree ("chapter_budget_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_transfers_record_uq" ON "account_transfers" USING btree ("department_id","year","record_number");--> statement-breakpoint
CREATE INDEX "account_transfers_from_idx" ON "account_transfers" USING btree ("account_from_id");--> statement-breakpoint
CREATE INDEX "account_transfers_to_idx" ON "account_transfers" USING btree ("account_to_id");--> statement-breakpoint
ALTER TABLE "movement_positions" ADD CONSTRAINT "movement_positions_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movement_positions_reservation_idx" ON "movement_positions" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "movement_positions" ADD CONSTRAINT "movement_positions_reservation_amount_ck" CHECK ("movement_positions"."reservation_amount" >= 0 and "movement_positions"."reservation_amount" <= "movement_positions"."amount");