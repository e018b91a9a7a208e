-- Whoever owns the inbox owns the account (issue 28 item 2). See docs/security.md.
--
-- Before: the newest sign-up of an unconfirmed address replaced its password and killed every
-- earlier link (an attacker signing up again every few seconds kept the owner's links dead), and
-- the confirmation kept a registrant's password unless the address was "contested".
--
-- Now (server/auth/sign-up.ts on the embedded backend):
--   * every sign-up of an unconfirmed address is a REGISTRATION of its own: its password hash, its
--     metadata and the PKCE code challenge of the browser that sent it (supabase-js, flowType
--     'pkce'). The account itself (auth.users) holds no registrant's password or metadata until it
--     is confirmed;
--   * a confirmation link proves the inbox only. It lands on the app with a one-time code; the
--     registration whose code verifier the browser presents (the browser that signed up) is the
--     one kept. Anywhere else the inbox owner chooses the password and no registration is kept;
--   * a new sign-up never shortens the life of the pending link: it is sent again, not replaced.
-- The tables are out of the Data API (schema not exposed, no grant, row-level security with no
-- policy); only the server (table owner) reads them. Hosted GoTrue writes none of them: there the
-- trigger below does nothing.

drop trigger if exists on_auth_user_confirming_contested on auth.users;
drop function if exists account_claims.discard_contested_credentials();

create table account_claims.registrations (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The PKCE challenge of the browser that signed up (null: a sign-up without PKCE, never kept).
  code_challenge text,
  code_challenge_method text check (code_challenge_method in ('s256', 'plain')),
  encrypted_password text,
  user_metadata jsonb,
  created_at timestamptz not null default now(),
  -- Set when the address is confirmed, by whatever path: the credentials are then forgotten.
  closed_at timestamptz
);
create index registrations_user_idx on account_claims.registrations (user_id, created_at);
create index registrations_challenge_idx on account_claims.registrations (code_challenge);

-- The live confirmation link of an unconfirmed address (its hash is auth.users.confirmation_token):
-- the code is kept to send the same link again when someone signs the address up again.
create table account_claims.confirmation_links (
  user_id uuid primary key references auth.users (id) on delete cascade,
  token_hash text not null,
  otp text not null,
  issued_at timestamptz not null default now()
);

-- One-time codes a followed link (or a typed e-mail code) gives the app, exchanged for a session
-- with the sign-up browser's code verifier, or used to choose the password.
create table account_claims.confirmation_codes (
  auth_code text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index confirmation_codes_user_idx on account_claims.confirmation_codes (user_id);

do $$
declare
  t text;
begin
  foreach t in array array['registrations', 'confirmation_links', 'confirmation_codes'] loop
    execute format('alter table account_claims.%I enable row level security', t);
    execute format('revoke all on account_claims.%I from public', t);
    begin
      execute format('revoke all on account_claims.%I from anon, authenticated', t);
    exception when undefined_object then null;
    end;
  end loop;
end $$;

-- Unconfirmed accounts of the old scheme: their password and metadata become a registration that
-- no browser can prove (no challenge), so confirming them keeps none of it, as for a contested one.
insert into account_claims.registrations (id, user_id, encrypted_password, user_metadata, created_at)
select gen_random_uuid(), u.id, u.encrypted_password, u.raw_user_meta_data, coalesce(u.created_at, now())
  from auth.users u
 where u.email_confirmed_at is null
   and coalesce(u.encrypted_password, '') <> '';
update auth.users u
   set encrypted_password = '',
       raw_user_meta_data = jsonb_build_object(
         'sub', u.id::text, 'email', u.email, 'email_verified', false, 'phone_verified', false
       )
 where u.email_confirmed_at is null
   and exists (select 1 from account_claims.registrations r where r.user_id = u.id);
drop table if exists account_claims.contested;

-- Confirmed by whatever path (the link, an e-mail code, a reset link, an operator): the pending
-- registrations are closed and forget their credentials; the links and codes die.
create or replace function account_claims.close_registrations() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email_confirmed_at is null or old.email_confirmed_at is not null then
    return new;
  end if;
  update account_claims.registrations
     set closed_at = now(), encrypted_password = null, user_metadata = null
   where user_id = new.id and closed_at is null;
  delete from account_claims.confirmation_links where user_id = new.id;
  delete from account_claims.confirmation_codes where user_id = new.id;
  return new;
end;
$$;
revoke execute on function account_claims.close_registrations() from public;

create trigger on_auth_user_confirmed_close_registrations
  after update of email_confirmed_at on auth.users
  for each row execute function account_claims.close_registrations();
