DROP INDEX "audit_log_department_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_department_id_idx" ON "audit_log" USING btree ("department_id","id");