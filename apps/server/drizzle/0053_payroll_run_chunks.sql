CREATE TABLE "payroll_run_chunks" (
	"tenant_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"after_user_id" uuid,
	"through_user_id" uuid,
	"employees" integer,
	"claimed_by" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "payroll_run_chunks_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
ALTER TABLE "payroll_run_chunks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_run_chunks" ADD CONSTRAINT "payroll_run_chunks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run_chunks" ADD CONSTRAINT "payroll_run_chunks_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_run_chunks_tenant_idx" ON "payroll_run_chunks" USING btree ("tenant_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_run_chunks" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());