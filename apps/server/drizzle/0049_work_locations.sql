CREATE TABLE "work_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"state_code" text NOT NULL,
	"city" text,
	"pt_registration_number" text,
	"lwf_registration_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_locations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "work_location_id" uuid;--> statement-breakpoint
ALTER TABLE "work_locations" ADD CONSTRAINT "work_locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_locations_tenant_name_key" ON "work_locations" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_work_location_id_work_locations_id_fk" FOREIGN KEY ("work_location_id") REFERENCES "public"."work_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_work_location_idx" ON "users" USING btree ("tenant_id","work_location_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "work_locations" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());
--> statement-breakpoint
-- Existing organisations keep their pay: one "Main office" in the state their PT / LWF settings name
-- (when the enabled components agree on one valid state), holding their registration numbers, with
-- every employee placed there. Where they name two states nobody is placed: the run falls back to
-- the settings (docs/decisions/incoming-h28-locations.md).
WITH levies AS (
  SELECT tenant_id, component, settings->>'stateCode' AS code, nullif(settings->>'registrationNumber', '') AS reg
    FROM statutory_components
   WHERE component IN ('ProfessionalTax', 'LWF') AND is_enabled
     AND settings->>'stateCode' IN ('AN','AP','AR','AS','BR','CH','CT','DH','DL','GA','GJ','HP','HR','JH','JK','KA','KL','LA','LD','MH','ML','MN','MP','MZ','NL','OD','PB','PY','RJ','SK','TG','TN','TR','UK','UP','WB')
), states AS (
  SELECT tenant_id, min(code) AS code,
         max(reg) FILTER (WHERE component = 'ProfessionalTax') AS pt_reg,
         max(reg) FILTER (WHERE component = 'LWF') AS lwf_reg
    FROM levies GROUP BY tenant_id HAVING count(DISTINCT code) = 1
), created AS (
  INSERT INTO work_locations (tenant_id, name, state_code, pt_registration_number, lwf_registration_number)
  SELECT tenant_id, 'Main office', code, pt_reg, lwf_reg FROM states
  RETURNING id, tenant_id
)
UPDATE users SET work_location_id = created.id FROM created WHERE users.tenant_id = created.tenant_id AND users.work_location_id IS NULL;
