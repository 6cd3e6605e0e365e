CREATE TABLE "bank_detail_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_account_number" text,
	"bank_name" text,
	"ifsc_code" text,
	"account_holder_name" text,
	"current_bank_account_number" text,
	"current_bank_name" text,
	"current_ifsc_code" text,
	"current_account_holder_name" text,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_detail_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_detail_changes" ADD CONSTRAINT "bank_detail_changes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_detail_changes" ADD CONSTRAINT "bank_detail_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_detail_changes" ADD CONSTRAINT "bank_detail_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_detail_changes" ADD CONSTRAINT "bank_detail_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_detail_changes_one_pending_key" ON "bank_detail_changes" USING btree ("tenant_id","user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "bank_detail_changes_tenant_status_idx" ON "bank_detail_changes" USING btree ("tenant_id","status","requested_at");--> statement-breakpoint
CREATE INDEX "bank_detail_changes_applied_idx" ON "bank_detail_changes" USING btree ("tenant_id","user_id","applied_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_detail_changes" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());