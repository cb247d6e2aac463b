CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"code" varchar(6) NOT NULL,
	"type" smallint NOT NULL,
	"description_deu" varchar(50) NOT NULL,
	"description_ita" varchar(50) NOT NULL,
	"notes" varchar(200) DEFAULT '' NOT NULL,
	"inactive" boolean DEFAULT false NOT NULL,
	"iban" varchar(34) DEFAULT '' NOT NULL,
	"bank_name" varchar(120) DEFAULT '' NOT NULL,
	"swift" varchar(12) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(10) NOT NULL,
	"name1" varchar(120) NOT NULL,
	"name2" varchar(120) DEFAULT '' NOT NULL,
	"street" varchar(40) DEFAULT '' NOT NULL,
	"location" varchar(40) DEFAULT '' NOT NULL,
	"postal_code" varchar(10) DEFAULT '' NOT NULL,
	"province" varchar(2) DEFAULT '' NOT NULL,
	"country" varchar(3) DEFAULT 'IT' NOT NULL,
	"is_foreign" boolean DEFAULT false NOT NULL,
	"auto_update" boolean DEFAULT true NOT NULL,
	"abi" varchar(5) DEFAULT '' NOT NULL,
	"cab" varchar(5) DEFAULT '' NOT NULL,
	"routing_code" varchar(20) DEFAULT '' NOT NULL,
	"uic_code" varchar(10) DEFAULT '' NOT NULL,
	"swift" varchar(12) DEFAULT '' NOT NULL,
	"iban" varchar(34) DEFAULT '' NOT NULL,
	"invalid_from" date
);
--> statement-breakpoint
CREATE TABLE "movement_template_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"kind" varchar(8) NOT NULL,
	"chapter" varchar(5) NOT NULL,
	"chapter_to" varchar(5)
);
--> statement-breakpoint
CREATE TABLE "movement_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"code" integer NOT NULL,
	"description_deu" varchar(200) NOT NULL,
	"description_ita" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"code" integer NOT NULL,
	"search_key" varchar(30) NOT NULL,
	"name1" varchar(40) NOT NULL,
	"name2" varchar(40) DEFAULT '' NOT NULL,
	"street" varchar(40) DEFAULT '' NOT NULL,
	"country" varchar(3) DEFAULT 'IT' NOT NULL,
	"postal_code" varchar(10) DEFAULT '' NOT NULL,
	"location" varchar(40) DEFAULT '' NOT NULL,
	"province" varchar(2) DEFAULT '' NOT NULL,
	"iso_code" varchar(2) DEFAULT 'IT' NOT NULL,
	"vat_code" varchar(12) DEFAULT '' NOT NULL,
	"tax_code" varchar(16) DEFAULT '' NOT NULL,
	"payment_term" integer DEFAULT 30 NOT NULL,
	"landline_phone" varchar(40) DEFAULT '' NOT NULL,
	"mobile_phone" varchar(40) DEFAULT '' NOT NULL,
	"fax" varchar(40) DEFAULT '' NOT NULL,
	"email" varchar(50) DEFAULT '' NOT NULL,
	"internet" varchar(50) DEFAULT '' NOT NULL,
	"contact_person" varchar(40) DEFAULT '' NOT NULL,
	"chapter_proposal" varchar(5) DEFAULT '' NOT NULL,
	"language" varchar(2) DEFAULT 'de' NOT NULL,
	"is_inactive" boolean DEFAULT false NOT NULL,
	"bank_id" integer,
	"bank_name" varchar(120) DEFAULT '' NOT NULL,
	"bank_key" varchar(10) DEFAULT '' NOT NULL,
	"swift" varchar(12) DEFAULT '' NOT NULL,
	"cin" varchar(1) DEFAULT '' NOT NULL,
	"account_number" varchar(20) DEFAULT '' NOT NULL,
	"iban" varchar(34) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ets_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"part" smallint NOT NULL,
	"section" varchar(2) NOT NULL,
	"code" varchar(6) NOT NULL,
	"description_deu" varchar(200) NOT NULL,
	"description_ita" varchar(200) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_template_positions" ADD CONSTRAINT "movement_template_positions_template_id_movement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."movement_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_templates" ADD CONSTRAINT "movement_templates_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_dept_code_uq" ON "accounts" USING btree ("department_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_key_uq" ON "banks" USING btree ("key");--> statement-breakpoint
CREATE INDEX "banks_name2_idx" ON "banks" USING btree ("name2");--> statement-breakpoint
CREATE INDEX "banks_abi_cab_idx" ON "banks" USING btree ("abi","cab");--> statement-breakpoint
CREATE INDEX "movement_template_positions_template_idx" ON "movement_template_positions" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "movement_templates_dept_code_uq" ON "movement_templates" USING btree ("department_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_dept_code_uq" ON "suppliers" USING btree ("department_id","code");--> statement-breakpoint
CREATE INDEX "suppliers_dept_search_idx" ON "suppliers" USING btree ("department_id","search_key");--> statement-breakpoint
CREATE INDEX "suppliers_bank_idx" ON "suppliers" USING btree ("bank_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ets_categories_uq" ON "ets_categories" USING btree ("part","code");--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_ets_category_id_ets_categories_id_fk" FOREIGN KEY ("ets_category_id") REFERENCES "public"."ets_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapters_category_idx" ON "chapters" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "chapters_title_idx" ON "chapters" USING btree ("title_id");