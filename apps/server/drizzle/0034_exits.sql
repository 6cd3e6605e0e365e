CREATE TABLE "employment_type_setting_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"setting_id" smallint NOT NULL,
	"employment_type_ids" uuid[] NOT NULL,
	"value" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employment_type_setting_values" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exit_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"resignation_date" date NOT NULL,
	"notice_period_days" smallint NOT NULL,
	"proposed_last_working_day" date NOT NULL,
	"requested_last_working_day" date NOT NULL,
	"last_working_day" date,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_remarks" text,
	"relieved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exit_requests_status_check" CHECK ("exit_requests"."status" IN ('pending', 'approved', 'rejected', 'withdrawn', 'relieved')),
	CONSTRAINT "exit_requests_approved_has_day" CHECK ("exit_requests"."status" NOT IN ('approved', 'relieved') OR "exit_requests"."last_working_day" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "exit_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "employment_type_setting_values" ADD CONSTRAINT "employment_type_setting_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_type_setting_values" ADD CONSTRAINT "employment_type_setting_values_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employment_type_setting_values_tenant_idx" ON "employment_type_setting_values" USING btree ("tenant_id","setting_id");--> statement-breakpoint
CREATE INDEX "exit_requests_tenant_status_idx" ON "exit_requests" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "exit_requests_user_idx" ON "exit_requests" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_requests_one_open_key" ON "exit_requests" USING btree ("tenant_id","user_id") WHERE status IN ('pending', 'approved');--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "employment_type_setting_values" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exit_requests" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());
--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Organisations created before employment-type settings existed get the seeded catalogue values here,
-- once (new organisations get them in provisionEmploymentSettingDefaults, employment-settings.defaults.ts,
-- with the values of SETTINGS_CATALOGUE in @tankha/contracts when this migration was written). Only an
-- organisation without any saved value is touched; employment types are the options of its
-- 'Employment Type' field by label, and a value whose types are all missing is skipped.
INSERT INTO employment_type_setting_values (tenant_id, setting_id, employment_type_ids, value, sort_order)
SELECT t.id, v.setting_id, ids.option_ids, v.value, v.sort_order
  FROM tenants t
 CROSS JOIN (VALUES
   (1::smallint, '180', ARRAY['Full Time']::text[], 0::smallint),
   (1::smallint, '90', ARRAY['Part Time', 'Contract']::text[], 1::smallint),
   (2::smallint, 'true', ARRAY['Full Time', 'Part Time']::text[], 0::smallint),
   (3::smallint, '60', ARRAY['Full Time']::text[], 0::smallint),
   (3::smallint, '30', ARRAY['Part Time', 'Contract']::text[], 1::smallint),
   (3::smallint, '15', ARRAY['Intern', 'Consultant']::text[], 2::smallint),
   (4::smallint, '15', ARRAY['Full Time', 'Part Time', 'Contract']::text[], 0::smallint),
   (6::smallint, 'true', ARRAY['Full Time', 'Part Time', 'Contract']::text[], 0::smallint),
   (7::smallint, '1.00', ARRAY['Full Time', 'Part Time', 'Contract']::text[], 0::smallint),
   (8::smallint, 'true', ARRAY['Full Time', 'Part Time', 'Contract']::text[], 0::smallint),
   (9::smallint, '7', ARRAY['Full Time', 'Part Time', 'Contract']::text[], 0::smallint),
   (10::smallint, 'HR Business Partner', ARRAY['Full Time', 'Part Time', 'Contract', 'Intern', 'Consultant']::text[], 0::smallint),
   (11::smallint, '2', ARRAY['Full Time', 'Part Time', 'Contract', 'Intern', 'Consultant']::text[], 0::smallint),
   (12::smallint, 'true', ARRAY['Full Time', 'Part Time', 'Contract', 'Intern', 'Consultant']::text[], 0::smallint),
   (13::smallint, 'Head of Human Resources', ARRAY['Full Time', 'Part Time', 'Contract', 'Intern', 'Consultant']::text[], 0::smallint)
 ) AS v (setting_id, value, labels, sort_order)
 CROSS JOIN LATERAL (
   SELECT array_agg(o.id ORDER BY o.sort_order) AS option_ids
     FROM user_field_options o
     JOIN user_fields f ON f.id = o.user_field_id AND f.tenant_id = t.id AND f.name = 'Employment Type'
    WHERE o.label = ANY (v.labels)
 ) ids
 WHERE ids.option_ids IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM employment_type_setting_values e WHERE e.tenant_id = t.id);
