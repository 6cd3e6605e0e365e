CREATE TABLE "tax_reminder_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"reminder_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_reminder_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_window_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"window_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_window_notices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_window_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"window_id" uuid NOT NULL,
	"days_before_lock_date" smallint NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_window_reminders_days_check" CHECK ("tax_window_reminders"."days_before_lock_date" BETWEEN 0 AND 10)
);
--> statement-breakpoint
ALTER TABLE "tax_window_reminders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"financial_year_start" smallint NOT NULL,
	"status" smallint NOT NULL,
	"released_on" date,
	"lock_date" date NOT NULL,
	"allow_regime_switch" boolean DEFAULT false NOT NULL,
	"allow_tds_modification_exceed_calculated_amount" boolean DEFAULT false NOT NULL,
	"allow_tds_modification_during_payroll" boolean DEFAULT false NOT NULL,
	"can_tds_exceed_annual_limit" boolean DEFAULT false NOT NULL,
	"mandate_investment_proof_attachments" boolean DEFAULT false NOT NULL,
	"mandate_reviewer_comments" boolean DEFAULT false NOT NULL,
	"process_payroll_from_month" smallint,
	"notify_on_release" boolean DEFAULT false NOT NULL,
	"enable_reminder_emails" boolean DEFAULT false NOT NULL,
	"notify_on_lock" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	"locked_at" timestamp with time zone,
	"locked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_windows_status_check" CHECK ("tax_windows"."status" IN (0, 1)),
	CONSTRAINT "tax_windows_month_check" CHECK ("tax_windows"."process_payroll_from_month" IS NULL OR "tax_windows"."process_payroll_from_month" BETWEEN 1 AND 12)
);
--> statement-breakpoint
ALTER TABLE "tax_windows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sender_email_preferences" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"primary_contact_user_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sender_email_preferences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "tax_reminder_deliveries" ADD CONSTRAINT "tax_reminder_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_reminder_deliveries" ADD CONSTRAINT "tax_reminder_deliveries_reminder_id_tax_window_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."tax_window_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_reminder_deliveries" ADD CONSTRAINT "tax_reminder_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_window_notices" ADD CONSTRAINT "tax_window_notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_window_notices" ADD CONSTRAINT "tax_window_notices_window_id_tax_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."tax_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_window_notices" ADD CONSTRAINT "tax_window_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_window_reminders" ADD CONSTRAINT "tax_window_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_window_reminders" ADD CONSTRAINT "tax_window_reminders_window_id_tax_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."tax_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_windows" ADD CONSTRAINT "tax_windows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_windows" ADD CONSTRAINT "tax_windows_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_windows" ADD CONSTRAINT "tax_windows_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_email_preferences" ADD CONSTRAINT "sender_email_preferences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_email_preferences" ADD CONSTRAINT "sender_email_preferences_primary_contact_user_id_users_id_fk" FOREIGN KEY ("primary_contact_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_email_preferences" ADD CONSTRAINT "sender_email_preferences_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_reminder_deliveries_key" ON "tax_reminder_deliveries" USING btree ("reminder_id","user_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_window_notices_key" ON "tax_window_notices" USING btree ("window_id","user_id","event");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_window_reminders_window_days_key" ON "tax_window_reminders" USING btree ("window_id","days_before_lock_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_windows_tenant_kind_year_key" ON "tax_windows" USING btree ("tenant_id","kind","financial_year_start");--> statement-breakpoint
CREATE INDEX "tax_windows_released_idx" ON "tax_windows" USING btree ("status","lock_date");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_reminder_deliveries" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_window_notices" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_window_reminders" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_windows" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sender_email_preferences" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());