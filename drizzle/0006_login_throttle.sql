CREATE TABLE "login_throttle" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"next_check_at" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "login_throttle_window_idx" ON "login_throttle" USING btree ("window_start");