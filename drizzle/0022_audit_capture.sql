-- Issue 27: before/after of every changed field. A row trigger on every table of the books, the base data and the users
-- writes what a statement changed into audit_pending (keyed by the transaction); the save's one audit statement
-- (services/auditChain.ts) takes its transaction's rows out again and stores them in the audit row's `changes`. Money
-- columns (numeric(14,2): the first trigger argument) are written in cents; the second argument names the columns never
-- written (password hashes); the third the key columns kept in every diff. Bulk writes outside the app's saves (the demo
-- seed, restore) set audit.off for their transaction. audit_pending is unlogged: it only ever holds the rows of
-- transactions in flight.
CREATE UNLOGGED TABLE "audit_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx" bigint DEFAULT txid_current() NOT NULL,
	"tbl" varchar(63) NOT NULL,
	"op" char(1) NOT NULL,
	"row_key" varchar(200),
	"diff" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_pending_tx_idx" ON "audit_pending" USING btree ("tx");
--> statement-breakpoint
CREATE FUNCTION "audit_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	money text[] := string_to_array(TG_ARGV[0], ',');
	hidden text[] := string_to_array(TG_ARGV[1], ',');
	keys text[] := string_to_array(TG_ARGV[2], ',');
	o jsonb;
	n jsonb;
	d jsonb;
	k text;
BEGIN
	IF current_setting('audit.off', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD) - hidden; END IF;
	IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW) - hidden; END IF;
	FOREACH k IN ARRAY money LOOP
		IF o IS NOT NULL AND jsonb_typeof(o -> k) = 'number' THEN o := jsonb_set(o, ARRAY[k], to_jsonb(round((o ->> k)::numeric * 100)::bigint)); END IF;
		IF n IS NOT NULL AND jsonb_typeof(n -> k) = 'number' THEN n := jsonb_set(n, ARRAY[k], to_jsonb(round((n ->> k)::numeric * 100)::bigint)); END IF;
	END LOOP;
	IF TG_OP = 'UPDATE' THEN
		SELECT jsonb_object_agg(e.key, jsonb_build_object('before', o -> e.key, 'after', e.value)) INTO d
		FROM jsonb_each(n) e WHERE (o -> e.key) IS DISTINCT FROM e.value;
		IF d IS NULL THEN
			RETURN NULL;
		END IF;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT jsonb_object_agg(e.key, jsonb_build_object('after', e.value)) INTO d FROM jsonb_each(n) e WHERE e.value <> 'null'::jsonb;
	ELSE
		SELECT jsonb_object_agg(e.key, jsonb_build_object('before', e.value)) INTO d FROM jsonb_each(o) e WHERE e.value <> 'null'::jsonb;
	END IF;
	INSERT INTO audit_pending ("tbl", "op", "row_key", "diff")
	VALUES (TG_TABLE_NAME, left(TG_OP, 1), (SELECT string_agg(coalesce(n, o) ->> kk, '/') FROM unnest(keys) kk), coalesce(d, '{}'::jsonb));
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "account_balances" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('initial_balance', '', 'account_id,year');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "account_transfers" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('amount,cancelled_amount', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "app_settings" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'key');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "banks" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "budget_change_positions" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('amount', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "budget_changes" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('surplus_actual', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "budget_heads" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('cash_balance,revenues_actual,revenues_residue,expenses_actual,expenses_residue,surplus_used', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "chapter_budgets" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('budget_initial,final_residue,residue_minimum,residue_maximum', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "chapters" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "departments" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "ets_categories" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "financial_years" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'year');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "forecast_prev_amounts" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('amount', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "movement_payment_shares" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('amount', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "movement_payments" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('amount', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "movement_positions" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('amount,reservation_amount,cancelled_amount', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "movement_template_positions" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "movement_templates" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "movement_transfer_positions" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('amount,cancelled_amount', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "movements" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "payment_order_items" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "payment_orders" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "reservations" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('amount_booked,amount_used_typed,cancelled_amount', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "suppliers" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "titles" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "user_departments" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_capture"('', 'password_hash', 'id');
