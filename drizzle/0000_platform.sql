CREATE TABLE "budget_heads" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"forecast_approved" date,
	"final_approved" date
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"area" smallint NOT NULL,
	"part" smallint NOT NULL,
	"category" varchar(2) NOT NULL,
	"description_deu" varchar(100) NOT NULL,
	"description_ita" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"area" smallint NOT NULL,
	"part" smallint NOT NULL,
	"chapter" varchar(5) NOT NULL,
	"title" smallint NOT NULL,
	"chapter_short" varchar(3) NOT NULL,
	"search_key_deu" varchar(30) DEFAULT '' NOT NULL,
	"search_key_ita" varchar(30) DEFAULT '' NOT NULL,
	"description_deu" varchar(200) DEFAULT '' NOT NULL,
	"description_ita" varchar(200) DEFAULT '' NOT NULL,
	"empty_chapter" boolean DEFAULT false NOT NULL,
	"municipal_contrib" boolean DEFAULT false NOT NULL,
	"category_id" integer,
	"title_id" integer,
	"ets_category_id" integer,
	"notes" varchar(1000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"area" smallint NOT NULL,
	"part" smallint NOT NULL,
	"title" smallint NOT NULL,
	"description_deu" varchar(100) NOT NULL,
	"description_ita" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(3) NOT NULL,
	"name1_deu" varchar(40) NOT NULL,
	"name2_deu" varchar(40) DEFAULT '' NOT NULL,
	"name1_ita" varchar(40) NOT NULL,
	"name2_ita" varchar(40) DEFAULT '' NOT NULL,
	"street_deu" varchar(40) DEFAULT '' NOT NULL,
	"street_ita" varchar(40) DEFAULT '' NOT NULL,
	"location_deu" varchar(40) DEFAULT '' NOT NULL,
	"location_ita" varchar(40) DEFAULT '' NOT NULL,
	"municipality_deu" varchar(40) DEFAULT '' NOT NULL,
	"municipality_ita" varchar(40) DEFAULT '' NOT NULL,
	"postal_code" varchar(10) DEFAULT '' NOT NULL,
	"province" varchar(2) DEFAULT 'BZ' NOT NULL,
	"country" varchar(3) DEFAULT 'IT' NOT NULL,
	"tax_code" varchar(16) DEFAULT '' NOT NULL,
	"registration" varchar(30) DEFAULT '' NOT NULL,
	"identifier" varchar(14) DEFAULT '' NOT NULL,
	"landline_phone" varchar(40) DEFAULT '' NOT NULL,
	"mobile_phone" varchar(40) DEFAULT '' NOT NULL,
	"fax" varchar(40) DEFAULT '' NOT NULL,
	"email" varchar(50) DEFAULT '' NOT NULL,
	"commander_name" varchar(50) DEFAULT '' NOT NULL,
	"commander_landline" varchar(40) DEFAULT '' NOT NULL,
	"commander_mobile" varchar(40) DEFAULT '' NOT NULL,
	"commander_email" varchar(50) DEFAULT '' NOT NULL,
	"vice_commander_name" varchar(50) DEFAULT '' NOT NULL,
	"vice_commander_landline" varchar(40) DEFAULT '' NOT NULL,
	"vice_commander_mobile" varchar(40) DEFAULT '' NOT NULL,
	"vice_commander_email" varchar(50) DEFAULT '' NOT NULL,
	"cashier_name" varchar(50) DEFAULT '' NOT NULL,
	"cashier_landline" varchar(40) DEFAULT '' NOT NULL,
	"cashier_mobile" varchar(40) DEFAULT '' NOT NULL,
	"cashier_email" varchar(50) DEFAULT '' NOT NULL,
	"open_payments_allowed" boolean DEFAULT false NOT NULL,
	"sia_number" varchar(10) DEFAULT '' NOT NULL,
	"homebanking_file" varchar(50) DEFAULT '' NOT NULL,
	"first_year" integer
);
--> statement-breakpoint
CREATE TABLE "financial_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"union_unlocked" boolean DEFAULT false NOT NULL,
	"district_unlocked" boolean DEFAULT false NOT NULL,
	"department_unlocked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(20) NOT NULL,
	"address" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"department_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(20) NOT NULL,
	"fullname" varchar(50) NOT NULL,
	"password_hash" text NOT NULL,
	"access_level" smallint DEFAULT 2 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"valid_until" date,
	"password_expired" boolean DEFAULT false NOT NULL,
	"language" varchar(2) DEFAULT 'de' NOT NULL,
	"main_department_id" integer
);
--> statement-breakpoint
ALTER TABLE "budget_heads" ADD CONSTRAINT "budget_heads_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_departments" ADD CONSTRAINT "user_departments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_departments" ADD CONSTRAINT "user_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_main_department_id_departments_id_fk" FOREIGN KEY ("main_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_heads_scope_uq" ON "budget_heads" USING btree ("department_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_uq" ON "categories" USING btree ("area","year","part","category");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_uq" ON "chapters" USING btree ("area","year","chapter");--> statement-breakpoint
CREATE INDEX "chapters_area_year_part_idx" ON "chapters" USING btree ("area","year","part");--> statement-breakpoint
CREATE UNIQUE INDEX "titles_uq" ON "titles" USING btree ("area","year","part","title");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_code_uq" ON "departments" USING btree ("code");--> statement-breakpoint
CREATE INDEX "login_failures_user_idx" ON "login_failures" USING btree (lower("username"),"at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_departments_uq" ON "user_departments" USING btree ("user_id","department_id");--> statement-breakpoint
CREATE INDEX "user_departments_department_idx" ON "user_departments" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));