-- The tenant role has no privilege on the global tables (accounts, sessions, auth_tokens,
-- outbox_emails; grantTenantRole in src/db/client.ts, docs/decisions.md "Row-level security in the
-- schema"). The few writes to them that belong inside a tenant transaction, so that they commit or
-- roll back with it, go through these functions. Like tenant_users_matching (0007) they run as their
-- owner, the migrating role that owns the tables, and each is confined to current_tenant_id(): a
-- membership's sessions, or the account of a membership of this tenant. Arguments are bound
-- parameters; search_path is pinned.

-- A membership's open sessions end (re-activation): only rows of the tenant in scope.
CREATE FUNCTION tenant_revoke_user_sessions(p_user_id uuid, p_at timestamptz) RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp
AS $$
  UPDATE public.sessions SET revoked_at = p_at
   WHERE tenant_id = public.current_tenant_id() AND user_id = p_user_id AND revoked_at IS NULL
$$;
--> statement-breakpoint
-- A removed membership's sessions go: only rows of the tenant in scope.
CREATE FUNCTION tenant_delete_user_sessions(p_user_id uuid) RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp
AS $$
  DELETE FROM public.sessions WHERE tenant_id = public.current_tenant_id() AND user_id = p_user_id
$$;
--> statement-breakpoint
-- The global account for an invited e-mail: the existing one's id, else a new account without a
-- password (the invitation sets it). Returns only the id; no other column of accounts leaves it.
CREATE FUNCTION tenant_invite_account(p_email text, p_first_name text, p_last_name text) RETURNS uuid
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp
AS $$
DECLARE
  v_id uuid;
BEGIN
  IF public.current_tenant_id() IS NULL THEN
    RAISE EXCEPTION 'tenant_invite_account needs a tenant in scope';
  END IF;
  SELECT a.id INTO v_id FROM public.accounts a WHERE a.email = p_email;
  IF v_id IS NULL THEN
    INSERT INTO public.accounts (email, password_hash, first_name, last_name)
      VALUES (p_email, NULL, p_first_name, p_last_name)
      RETURNING id INTO v_id;
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- An invitation link for the account of a membership of the tenant in scope: older unused invite
-- links of that account are retired, the new one's hash stored. Answers whether the account has a
-- password already (the e-mail's wording depends on it).
CREATE FUNCTION tenant_issue_invite_token(p_account_id uuid, p_token_hash text, p_expires_at timestamptz) RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp
AS $$
DECLARE
  v_has_password boolean;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM public.users u WHERE u.tenant_id = public.current_tenant_id() AND u.account_id = p_account_id) THEN
    RAISE EXCEPTION 'account % is not a member of the tenant in scope', p_account_id;
  END IF;
  UPDATE public.auth_tokens SET used_at = now()
   WHERE account_id = p_account_id AND purpose = 'invite' AND used_at IS NULL;
  INSERT INTO public.auth_tokens (account_id, purpose, token_hash, expires_at)
    VALUES (p_account_id, 'invite', p_token_hash, p_expires_at);
  SELECT a.password_hash IS NOT NULL INTO v_has_password FROM public.accounts a WHERE a.id = p_account_id;
  RETURN coalesce(v_has_password, false);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_revoke_user_sessions(uuid, timestamptz) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_delete_user_sessions(uuid) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_invite_account(text, text, text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_issue_invite_token(uuid, text, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_revoke_user_sessions(uuid, timestamptz) TO tankha_tenant;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_delete_user_sessions(uuid) TO tankha_tenant;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_invite_account(text, text, text) TO tankha_tenant;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_issue_invite_token(uuid, text, timestamptz) TO tankha_tenant;
