CREATE TABLE "audit_chain_heads" (
	"chain" integer PRIMARY KEY NOT NULL,
	"prev_hash" varchar(64),
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
-- the head of every chain that already has rows: its last row's hashes (chain 0: the rows without a department)
INSERT INTO "audit_chain_heads" ("chain", "prev_hash", "hash")
SELECT DISTINCT ON (coalesce("department_id", 0)) coalesce("department_id", 0), "prev_hash", "hash"
FROM "audit_log" ORDER BY coalesce("department_id", 0), "id" DESC;
