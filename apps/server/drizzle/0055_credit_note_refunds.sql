ALTER TABLE "plan_credit_notes" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "plan_credit_notes" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "plan_credit_notes" ADD COLUMN "refund_paise" integer;--> statement-breakpoint
ALTER TABLE "plan_credit_notes" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_credit_notes" ADD COLUMN "refund_error" text;