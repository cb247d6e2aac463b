CREATE TABLE "app_settings" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
-- A database seeded with the demo data before this marker existed is still a demo database.
INSERT INTO "app_settings" ("key", "value")
SELECT 'demo', 'seeded before 0005' WHERE EXISTS (
	SELECT 1 FROM "users" WHERE "username" = 'supervisor' AND "fullname" = 'Sabine Supervisor'
) AND EXISTS (
	SELECT 1 FROM "users" WHERE "username" = 'gesperrt' AND "fullname" = 'Georg Gesperrt'
);
