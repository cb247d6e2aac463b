CREATE TABLE "document_chunks" (
	"sha256" char(64) NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "document_chunks_sha256_seq_pk" PRIMARY KEY("sha256","seq")
);
--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_sha256_document_contents_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."document_contents"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the contents kept so far, cut into pieces of 1 MB (numbered from 0), before their column goes
INSERT INTO "document_chunks" ("sha256", "seq", "bytes")
  SELECT c."sha256", s.seq, substring(c."content" from s.seq * 1048576 + 1 for 1048576)
  FROM "document_contents" c, generate_series(0, greatest(octet_length(c."content") - 1, 0) / 1048576) AS s(seq);
--> statement-breakpoint
ALTER TABLE "document_contents" DROP COLUMN "content";
