ALTER TABLE "payroll_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "auto_resumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "auto_resumed_from" integer;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "auto_resumes" integer DEFAULT 0 NOT NULL;