-- The user search through the trigram index, under row-level security (docs/decisions.md "User
-- search at 100,000 users"). As tankha_tenant the planner may not use users_search_text_trgm_idx for
-- LIKE: the RLS policy's qual must run before any non-leakproof operator, and LIKE (textlike) is not
-- leakproof, so an index condition on it would test other tenants' rows first. This function runs as
-- its owner, the migrating role that owns users (RLS is not forced, so it does not apply), which can
-- use the index; it returns only rows WHERE tenant_id = current_tenant_id(), the very condition of
-- the tenant_isolation policy, so a caller gets nothing the policy would hide. It returns the rows
-- themselves rather than ids, so the list reads each matching row once, not again through the
-- primary key (about twice as fast at 5,000 matches). No
-- caller-supplied SQL reaches it: the pattern is a bound parameter (EXECUTE ... USING), and callers'
-- own predicates stay outside it. EXECUTE makes every call plan for the actual pattern: a term with
-- a trigram uses the index; a term of one or two characters has none, so the planner reads the
-- table instead (a generic plan would scan the whole GIN index for it, several times slower).
CREATE FUNCTION tenant_users_matching(pattern text) RETURNS SETOF users
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp
  ROWS 100
AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT u.* FROM public.users u WHERE u.tenant_id = public.current_tenant_id() AND u.search_text LIKE lower($1)'
    USING pattern;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_users_matching(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_users_matching(text) TO tankha_tenant;
