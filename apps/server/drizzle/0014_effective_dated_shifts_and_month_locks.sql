CREATE TABLE "payroll_month_locks" (
	"tenant_id" uuid NOT NULL,
	"month" text NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" uuid,
	CONSTRAINT "payroll_month_locks_tenant_id_month_pk" PRIMARY KEY("tenant_id","month")
);
--> statement-breakpoint
ALTER TABLE "payroll_month_locks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shift_history" (
	"tenant_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"valid_until" date NOT NULL,
	"shift_start" text NOT NULL,
	"shift_end" text NOT NULL,
	"weekends" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_history_shift_id_valid_until_pk" PRIMARY KEY("shift_id","valid_until")
);
--> statement-breakpoint
ALTER TABLE "shift_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "shift_departments" DROP CONSTRAINT "shift_departments_shift_id_department_id_pk";--> statement-breakpoint
ALTER TABLE "shift_departments" ADD COLUMN "effective_from" date;--> statement-breakpoint
ALTER TABLE "shift_departments" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-ordered (drizzle-kit put the key before the column): an existing department link applies from the day its
-- shift was made, in the organisation's zone; where a department had several links, the non-default one made first
-- (the one the attendance recompute used) is kept, the others dropped, so (department, date) is unique.
UPDATE "shift_departments" sd SET "effective_from" = (s."created_at" AT TIME ZONE t."time_zone")::date, "created_at" = s."created_at"
  FROM "shifts" s, "tenants" t WHERE s."id" = sd."shift_id" AND t."id" = sd."tenant_id";--> statement-breakpoint
DELETE FROM "shift_departments" sd USING "shifts" s WHERE s."id" = sd."shift_id" AND EXISTS (
  SELECT 1 FROM "shift_departments" o JOIN "shifts" os ON os."id" = o."shift_id"
   WHERE o."department_id" = sd."department_id" AND o."shift_id" <> sd."shift_id"
     AND (os."is_default", os."created_at", os."id") < (s."is_default", s."created_at", s."id"));--> statement-breakpoint
ALTER TABLE "shift_departments" ALTER COLUMN "effective_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_departments" ADD CONSTRAINT "shift_departments_department_id_effective_from_pk" PRIMARY KEY("department_id","effective_from");--> statement-breakpoint
ALTER TABLE "payroll_month_locks" ADD CONSTRAINT "payroll_month_locks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_month_locks" ADD CONSTRAINT "payroll_month_locks_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_history" ADD CONSTRAINT "shift_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_history" ADD CONSTRAINT "shift_history_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_history_tenant_idx" ON "shift_history" USING btree ("tenant_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_month_locks" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shift_history" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());