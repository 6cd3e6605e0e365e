ALTER TABLE "payroll_month_locks" ADD COLUMN "locked_from" date;--> statement-breakpoint
ALTER TABLE "payroll_month_locks" ADD COLUMN "locked_through" date;