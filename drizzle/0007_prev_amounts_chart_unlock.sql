CREATE TABLE "forecast_prev_amounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"amount" numeric(14,2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "financial_years" ADD COLUMN "union_chart_unlocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_years" ADD COLUMN "district_chart_unlocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_years" ADD COLUMN "department_chart_unlocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forecast_prev_amounts" ADD CONSTRAINT "forecast_prev_amounts_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_prev_amounts" ADD CONSTRAINT "forecast_prev_amounts_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_prev_amounts_uq" ON "forecast_prev_amounts" USING btree ("department_id","year","chapter_id");--> statement-breakpoint
CREATE INDEX "forecast_prev_amounts_chapter_idx" ON "forecast_prev_amounts" USING btree ("chapter_id");--> statement-breakpoint
UPDATE "financial_years" SET "union_chart_unlocked" = "union_unlocked", "district_chart_unlocked" = "district_unlocked", "department_chart_unlocked" = "department_unlocked";
