CREATE TABLE "payment_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"movement_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"order_number" integer NOT NULL,
	"account_id" integer NOT NULL,
	"payment_range" smallint NOT NULL,
	"group_invoices" boolean DEFAULT false NOT NULL,
	"payment_date" date NOT NULL,
	"filename" varchar(50) NOT NULL,
	"msg_id" varchar(35) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone,
	"date_paid" date,
	"registered_by" integer,
	CONSTRAINT "payment_orders_range_ck" CHECK ("payment_orders"."payment_range" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "cbi_cuc" varchar(35) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_payment_id_movement_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."movement_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_items_payment_uq" ON "payment_order_items" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_order_items_order_idx" ON "payment_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_order_items_movement_idx" ON "payment_order_items" USING btree ("movement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_number_uq" ON "payment_orders" USING btree ("department_id","year","order_number");--> statement-breakpoint
CREATE INDEX "payment_orders_account_idx" ON "payment_orders" USING btree ("account_id");