CREATE TABLE "bank_statement_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"line_index" integer NOT NULL,
	"entry_key" char(64) NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount" numeric(14,2) NOT NULL,
	"credit_debit" varchar(4) NOT NULL,
	"reversal" boolean DEFAULT false NOT NULL,
	"end_to_end_id" varchar(35),
	"msg_id" varchar(35),
	"acct_svcr_ref" varchar(35),
	"counterparty_name" varchar(140) DEFAULT '' NOT NULL,
	"counterparty_iban" varchar(34) DEFAULT '' NOT NULL,
	"remittance" varchar(500) DEFAULT '' NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"movement_id" integer,
	"order_id" integer
);
--> statement-breakpoint
CREATE TABLE "bank_statement_entry_payments" (
	"entry_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"role" varchar(8) NOT NULL,
	CONSTRAINT "bank_statement_entry_payments_entry_id_payment_id_role_pk" PRIMARY KEY("entry_id","payment_id","role")
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"account_id" integer NOT NULL,
	"iban" varchar(34) NOT NULL,
	"message" varchar(10) NOT NULL,
	"message_id" varchar(35) NOT NULL,
	"statement_id" varchar(35) NOT NULL,
	"sequence_number" integer,
	"created_on" date NOT NULL,
	"from_date" date,
	"to_date" date,
	"opening_balance" numeric(14,2),
	"opening_date" date,
	"closing_balance" numeric(14,2),
	"closing_date" date,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"sha256" char(64) NOT NULL,
	"entry_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" integer
);
--> statement-breakpoint
CREATE TABLE "statement_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"text" varchar(100) NOT NULL,
	"chapter" varchar(5) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entry_payments" ADD CONSTRAINT "bank_statement_entry_payments_entry_id_bank_statement_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."bank_statement_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entry_payments" ADD CONSTRAINT "bank_statement_entry_payments_payment_id_movement_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."movement_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_rules" ADD CONSTRAINT "statement_rules_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_entries_line_uq" ON "bank_statement_entries" USING btree ("statement_id","line_index");--> statement-breakpoint
CREATE INDEX "bank_statement_entries_key_idx" ON "bank_statement_entries" USING btree ("account_id","entry_key");--> statement-breakpoint
CREATE INDEX "bank_statement_entries_movement_idx" ON "bank_statement_entries" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "bank_statement_entries_order_idx" ON "bank_statement_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bank_statement_entry_payments_payment_idx" ON "bank_statement_entry_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_sha256_uq" ON "bank_statements" USING btree ("department_id","sha256");--> statement-breakpoint
CREATE INDEX "bank_statements_account_idx" ON "bank_statements" USING btree ("account_id","closing_date");--> statement-breakpoint
CREATE INDEX "statement_rules_department_idx" ON "statement_rules" USING btree ("department_id");--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "bank_statements" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('opening_balance,closing_balance', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "bank_statement_entries" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('amount', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "bank_statement_entry_payments" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'entry_id,payment_id,role');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "statement_rules" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
