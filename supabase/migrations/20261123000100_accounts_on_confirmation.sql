-- Accounts belong to whoever confirms the address (issue 14, items 1, 2 and 5). Applies unchanged on
-- hosted Supabase and on the embedded backend.
--
-- Before: the profile, the first simulation and a 'registered' referral were created when auth.users
-- got its row, i.e. from the metadata of an UNCONFIRMED registrant (anyone can sign up any address).
-- A stranger could pre-register somebody's address with their own name and company, credit a referral
-- to any profile at once, and squat an address through profiles.contact_email (unique), which then
-- made the real owner's sign-up fail with a 500 and "account exists".
--
-- Now:
--   * the login e-mail belongs to auth: profiles.contact_email is a plain contact field, no longer
--     unique (one person's contact field never blocks another person's account);
--   * profile_exists_for_email (sign-up step 1) answers true only for a CONFIRMED account;
--   * the profile, the first simulation and the referral are created when the account becomes
--     confirmed (email_confirmed_at set: the confirmation link, or an operator creating a confirmed
--     user), from the metadata the account has at that moment, which is the last registrant's
--     (the sign-up of an unconfirmed address replaces it, see docs/security.md);
--   * what the old trigger created for accounts that are still unconfirmed is removed: it came from
--     an unverified registrant and is recreated at confirmation.

-- ---------------------------------------------------------------------------------------------
-- 1. contact_email is a contact field, not an identity.
-- ---------------------------------------------------------------------------------------------
drop index if exists public.profiles_contact_email_key;

-- ---------------------------------------------------------------------------------------------
-- 2. The account's data, created from its metadata once the address is confirmed.
--    (Same sanitising rules as the previous handle_new_user, 20261122000110.)
-- ---------------------------------------------------------------------------------------------
create or replace function public.provision_confirmed_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_sim jsonb;
  v_siret text;
  v_role text;
  v_referrer uuid;
  v_ref text;
begin
  -- Only the transition to confirmed (an insert already confirmed counts as one).
  if new.email_confirmed_at is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.email_confirmed_at is not null then
    return new;
  end if;

  if jsonb_typeof(v_meta) <> 'object' then
    v_meta := '{}'::jsonb;
  end if;
  v_siret := v_meta ->> 'company_siret';
  if v_siret is not null and v_siret !~ '^[0-9]{14}$' then
    v_siret := null;
  end if;
  v_role := v_meta ->> 'contact_role';
  if v_role is not null and v_role not in ('Dirigeant', 'RH', 'Organisme de formation', 'Salarié', 'Auto entrepreneur', 'Autre') then
    v_role := null;
  end if;

  -- 1. The profile; contact_email starts as the confirmed login e-mail.
  insert into public.profiles (
    id, contact_name, contact_email, contact_phone, contact_role,
    company_name, company_address, company_siret, code_naf
  ) values (
    new.id,
    coalesce(public.text_or_null(v_meta ->> 'contact_name', 200), ''),
    lower(coalesce(new.email, v_meta ->> 'contact_email')),
    public.text_or_null(v_meta ->> 'contact_phone', 30),
    v_role,
    public.text_or_null(v_meta ->> 'company_name', 300),
    public.text_or_null(v_meta ->> 'company_address', 500),
    v_siret,
    public.text_or_null(v_meta ->> 'code_naf', 10)
  )
  on conflict (id) do nothing;

  -- 2. First simulation (failure only logged).
  v_sim := v_meta -> 'pending_simulation';
  if v_sim is not null and jsonb_typeof(v_sim) = 'object' then
    begin
      insert into public.simulations (
        id, profile_id, company_name, company_address, company_siret, code_naf, idcc,
        employee_range_min, employee_range_max, budget_type, budget_legal, budget_convention,
        budget_total, budget_condition, opco_name, taux_prise_en_charge, update_count
      ) values (
        (v_sim ->> 'id')::uuid,
        new.id,
        v_sim ->> 'company_name',
        coalesce(v_sim ->> 'company_address', ''),
        v_sim ->> 'company_siret',
        public.text_or_null(v_sim ->> 'code_naf', 10),
        public.text_or_null(v_sim ->> 'idcc', 4),
        (v_sim ->> 'employee_range_min')::integer,
        (v_sim ->> 'employee_range_max')::integer,
        coalesce(v_sim ->> 'budget_type', 'UNKNOWN'),
        (v_sim ->> 'budget_legal')::integer,
        (v_sim ->> 'budget_convention')::integer,
        (v_sim ->> 'budget_total')::integer,
        v_sim ->> 'budget_condition',
        v_sim ->> 'opco_name',
        coalesce((v_sim ->> 'taux_prise_en_charge')::integer, 0),
        0
      );
    exception when others then
      raise warning 'provision_confirmed_user: pending_simulation of user % not created: % (%)', new.id, sqlerrm, sqlstate;
    end;
  end if;

  -- 3. Referral, once per referred account, to another confirmed account's profile (failure logged).
  v_ref := v_meta ->> 'referral_id';
  if v_ref is not null and btrim(v_ref) <> '' and length(v_ref) <= 200 then
    begin
      v_ref := translate(btrim(v_ref), '-_', '+/');
      v_ref := v_ref || repeat('=', (4 - length(v_ref) % 4) % 4);
      v_referrer := convert_from(decode(v_ref, 'base64'), 'UTF8')::uuid;
      if v_referrer <> new.id
         and exists (
           select 1 from public.profiles p join auth.users u on u.id = p.id
            where p.id = v_referrer and u.email_confirmed_at is not null
         )
         and not exists (select 1 from public.referrals r where r.referred_profile_id = new.id) then
        insert into public.referrals (
          id, referrer_id, referred_profile_id, referred_company_siret, referred_company_name, status, commission_amount
        )
        select gen_random_uuid(), v_referrer, new.id,
               coalesce(v_siret, case when (v_sim ->> 'company_siret') ~ '^[0-9]{14}$' then v_sim ->> 'company_siret' end),
               coalesce(public.text_or_null(v_meta ->> 'company_name', 300), public.text_or_null(v_sim ->> 'company_name', 300)),
               'registered', null;
      else
        raise log 'provision_confirmed_user: referral_id of user % names no other confirmed profile', new.id;
      end if;
    exception when others then
      raise warning 'provision_confirmed_user: referral of user % not created: % (%)', new.id, sqlerrm, sqlstate;
    end;
  end if;
  return new;
end;
$$;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_confirmed
  after insert or update of email_confirmed_at on auth.users
  for each row execute function public.provision_confirmed_user();

revoke execute on function public.provision_confirmed_user() from public;
-- The previous trigger function is no longer used by anything.
drop function if exists public.handle_new_user();

-- ---------------------------------------------------------------------------------------------
-- 3. Sign-up step 1 (01 §4): "account exists" only for a confirmed account with that login e-mail.
--    An unconfirmed registration (possibly somebody else's) or a contact e-mail never answers true.
-- ---------------------------------------------------------------------------------------------
create or replace function public.profile_exists_for_email(p_email text) returns boolean
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
begin
  if v_email = '' or length(v_email) > 320 then
    return false;
  end if;
  return exists (
    select 1 from auth.users u where lower(u.email) = v_email and u.email_confirmed_at is not null
  );
end;
$$;

revoke execute on function public.profile_exists_for_email(text) from public;
grant execute on function public.profile_exists_for_email(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 4. What the old trigger created from unconfirmed registrants: gone, recreated at confirmation.
-- ---------------------------------------------------------------------------------------------
delete from public.referrals r
 using auth.users u
 where r.referred_profile_id = u.id and u.email_confirmed_at is null;
delete from public.profiles p
 using auth.users u
 where p.id = u.id and u.email_confirmed_at is null;
