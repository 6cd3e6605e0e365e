-- The labour codes' wage base (Code on Social Security s.2(88)) is the default for new organisations;
-- organisations that exist when this lands keep the salary components marked for PF and ESI, recorded
-- as chosen today in their own time zone, so their figures do not change until they choose the codes.
UPDATE statutory_components AS s
   SET settings = s.settings || jsonb_build_object('wageBase', 'components', 'wageBaseSince', to_char((now() AT TIME ZONE t.time_zone)::date, 'YYYY-MM-DD'))
  FROM tenants AS t
 WHERE t.id = s.tenant_id
   AND s.component IN ('EPF', 'ESI')
   AND NOT (s.settings ? 'wageBase');
