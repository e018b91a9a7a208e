-- Contested registrations (issue 14 item 1, the residual race). See docs/security.md.
--
-- On the embedded backend the newest sign-up of an unconfirmed address replaces its password and
-- metadata (server/auth/registration.ts). If a stranger signs the address up AFTER its owner and
-- BEFORE the owner clicks, the only live link in the owner's inbox is the one sent for the
-- stranger's registration: following it would confirm the stranger's password and name. Nothing
-- tells the two people apart; the link proves only that whoever follows it reads the inbox. So an
-- address that received sign-ups with more than one password while unconfirmed is CONTESTED
-- (server/auth/registration.ts records it here), and when it becomes confirmed, whatever the path
-- (the e-mail's link or its code, a reset link, an operator), a BEFORE trigger:
--   * discards the password (no registrant's password ever signs in: the person who confirmed,
--     signed in by the link, chooses one on /nouveau-mot-de-passe),
--   * keeps none of the registrants' metadata (the profile made by on_auth_user_confirmed holds the
--     confirmed e-mail only: no stranger's name, company, simulation or referral),
--   * revokes every session and refresh token issued before,
--   * forgets the contest.
-- Hosted GoTrue never replaces an unconfirmed registration and nothing writes this table there:
-- the trigger is then a no-op.

create schema if not exists account_claims;
revoke all on schema account_claims from public;

create table account_claims.contested (
  user_id uuid primary key references auth.users (id) on delete cascade,
  contested_at timestamptz not null default now()
);
alter table account_claims.contested enable row level security;
revoke all on account_claims.contested from public;
do $$ begin
  execute 'revoke all on account_claims.contested from anon, authenticated';
exception when undefined_object then null;
end $$;

create or replace function account_claims.discard_contested_credentials() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_identity jsonb;
begin
  if new.email_confirmed_at is null or old.email_confirmed_at is not null then
    return new;
  end if;
  delete from account_claims.contested c where c.user_id = new.id;
  if not found then
    return new;
  end if;
  v_identity := jsonb_build_object(
    'sub', new.id::text, 'email', new.email, 'email_verified', true, 'phone_verified', false
  );
  new.encrypted_password := '';
  new.raw_user_meta_data := v_identity;
  new.recovery_token := '';
  update auth.identities set identity_data = v_identity, updated_at = now()
   where user_id = new.id and provider = 'email';
  delete from auth.refresh_tokens where user_id::text = new.id::text;
  delete from auth.sessions where user_id = new.id;
  return new;
end;
$$;
revoke execute on function account_claims.discard_contested_credentials() from public;

-- BEFORE the row is written, so on_auth_user_confirmed (AFTER) provisions from the cleared metadata.
create trigger on_auth_user_confirming_contested
  before update of email_confirmed_at on auth.users
  for each row execute function account_claims.discard_contested_credentials();
