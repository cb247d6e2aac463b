CREATE TABLE "document_contents" (
	"sha256" char(64) PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"year" integer NOT NULL,
	"movement_id" integer,
	"reservation_id" integer,
	"transfer_id" integer,
	"order_id" integer,
	"file_name" varchar(200) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "documents_one_record_ck" CHECK (num_nonnulls("documents"."movement_id", "documents"."reservation_id", "documents"."transfer_id", "documents"."order_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_transfer_id_account_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."account_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_sha256_document_contents_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."document_contents"("sha256") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_movement_idx" ON "documents" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "documents_reservation_idx" ON "documents" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "documents_transfer_idx" ON "documents" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "documents_order_idx" ON "documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "documents_sha256_idx" ON "documents" USING btree ("sha256");--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE FUNCTION "document_contents_release"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a content no document names any more goes with the last one (an explicit delete or its record's cascade)
  DELETE FROM "document_contents" c WHERE c."sha256" = OLD."sha256" AND NOT EXISTS (SELECT 1 FROM "documents" d WHERE d."sha256" = OLD."sha256");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "document_contents_release" AFTER DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "document_contents_release"();
