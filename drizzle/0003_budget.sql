CREATE TABLE "budget_change_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_id" integer NOT NULL,
	"chapter_budget_id" integer NOT NULL,
	"amount" numeric(14,2) NOT NULL,
	"description_deu" varchar(200) DEFAULT '' NOT NULL,
	"description_ita" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"record_number" integer NOT NULL,
	"approved" date,
	"notes" varchar(200) DEFAULT '' NOT NULL,
	"surplus_actual" numeric(14,2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"chapter_year" integer NOT NULL,
	"budget_initial" numeric(14,2) DEFAULT 0 NOT NULL,
	"reminder" boolean DEFAULT false NOT NULL,
	"notes" varchar(200) DEFAULT '' NOT NULL,
	"final_residue" numeric(14,2)
);
--> statement-breakpoint
CREATE TABLE "record_counters" (
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "record_counters_department_id_year_kind_pk" PRIMARY KEY("department_id","year","kind")
);
--> statement-breakpoint
ALTER TABLE "budget_heads" ADD COLUMN "cash_balance" numeric(14,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_heads" ADD COLUMN "revenues_actual" numeric(14,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_heads" ADD COLUMN "revenues_residue" numeric(14,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_heads" ADD COLUMN "expenses_actual" numeric(14,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_heads" ADD COLUMN "expenses_residue" numeric(14,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_heads" ADD COLUMN "surplus_used" numeric(14,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_change_positions" ADD CONSTRAINT "budget_change_positions_change_id_budget_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."budget_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_change_positions" ADD CONSTRAINT "budget_change_positions_chapter_budget_id_chapter_budgets_id_fk" FOREIGN KEY ("chapter_budget_id") REFERENCES "public"."chapter_budgets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_changes" ADD CONSTRAINT "budget_changes_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_budgets" ADD CONSTRAINT "chapter_budgets_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_budgets" ADD CONSTRAINT "chapter_budgets_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_counters" ADD CONSTRAINT "record_counters_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_change_positions_uq" ON "budget_change_positions" USING btree ("change_id","chapter_budget_id");--> statement-breakpoint
CREATE INDEX "budget_change_positions_cb_idx" ON "budget_change_positions" USING btree ("chapter_budget_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_changes_record_uq" ON "budget_changes" USING btree ("department_id","year","record_number");--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_budgets_uq" ON "chapter_budgets" USING btree ("department_id","year","chapter_id","chapter_year");--> statement-breakpoint
CREATE INDEX "chapter_budgets_chapter_idx" ON "chapter_budgets" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "budget_heads_year_idx" ON "budget_heads" USING btree ("year");