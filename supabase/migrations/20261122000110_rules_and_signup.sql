-- Budget Formation: server-side business rules and the sign-up trigger (01 §4, 02 §4-5).
-- Deployable unchanged with the Supabase CLI; applied as well by the embedded backend (server/).
--
-- Errors raised for the clients use `errcode = 'P0001'` and a stable code as the message, which
-- PostgREST returns as {code: 'P0001', message: '<code>'}; the app maps codes to French words:
--   company_limit    a 4th live company (distinct company_siret) for a profile
--   update_limit     changing a simulation's budget, IDCC or headcount fields once update_count >= 3
--   survey_reopen    a team survey going from closed back to active
--   status_readonly  an end user changing the status of an unlock-budget request (operators' field)
--   response_readonly an end user changing a team survey response other than soft-deleting it
--   invalid_employee a training request naming an employee of another company
--
-- "End user" = a request made with a user's JWT or the anon key (claim role authenticated/anon).
-- Operators (service_role key, direct SQL) are not limited by the end-user rules; the company limit
-- and the no-reopen rule apply to everyone.

-- ---------------------------------------------------------------------------------------------
-- Request role: the JWT role claim as PostgREST (hosted) and lite set it; null outside a request.
-- ---------------------------------------------------------------------------------------------
create or replace function public.request_role() returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  );
$$;

create or replace function public.is_end_user_request() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(public.request_role() in ('authenticated', 'anon'), false);
$$;

create or replace function public.raise_rule(p_code text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = p_code;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- simulations: company limit (3 live sirets per profile) and the server-side update counter
-- ---------------------------------------------------------------------------------------------
create or replace function public.simulations_enforce_rules() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_other_companies integer;
  v_budget_changed boolean;
begin
  if tg_op = 'INSERT' then
    -- The counter is the server's: a new simulation starts at 0 (end users cannot seed it).
    if public.is_end_user_request() then
      new.update_count := 0;
    end if;
  else
    v_budget_changed :=
      new.idcc is distinct from old.idcc
      or new.employee_range_min is distinct from old.employee_range_min
      or new.employee_range_max is distinct from old.employee_range_max
      or new.budget_type is distinct from old.budget_type
      or new.budget_legal is distinct from old.budget_legal
      or new.budget_convention is distinct from old.budget_convention
      or new.budget_total is distinct from old.budget_total
      or new.budget_condition is distinct from old.budget_condition
      or new.opco_name is distinct from old.opco_name
      or new.taux_prise_en_charge is distinct from old.taux_prise_en_charge;
    if public.is_end_user_request() then
      -- Clients never set the counter; soft-deleting is always allowed.
      new.update_count := old.update_count;
      if v_budget_changed and new.deleted_at is null then
        if old.update_count >= 3 then
          perform public.raise_rule('update_limit');
        end if;
        new.update_count := old.update_count + 1;
      end if;
    end if;
  end if;

  -- At most 3 live companies per profile, checked whenever a row becomes live or changes company.
  if new.deleted_at is null and (
    tg_op = 'INSERT'
    or old.deleted_at is not null
    or new.company_siret is distinct from old.company_siret
    or new.profile_id is distinct from old.profile_id
  ) then
    -- Serialise concurrent writers of the same profile (two devices adding a company at once).
    perform pg_advisory_xact_lock(hashtext('simulations.company_limit'), hashtext(new.profile_id::text));
    select count(distinct s.company_siret) into v_other_companies
      from public.simulations s
     where s.profile_id = new.profile_id
       and s.deleted_at is null
       and s.company_siret <> new.company_siret
       and s.id <> new.id;
    if v_other_companies >= 3 then
      perform public.raise_rule('company_limit');
    end if;
  end if;
  return new;
end;
$$;

create trigger simulations_enforce_rules before insert or update on public.simulations
  for each row execute function public.simulations_enforce_rules();

-- ---------------------------------------------------------------------------------------------
-- team_surveys: never closed -> active
-- ---------------------------------------------------------------------------------------------
create or replace function public.team_surveys_no_reopen() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'closed' and new.status = 'active' then
    perform public.raise_rule('survey_reopen');
  end if;
  return new;
end;
$$;

create trigger team_surveys_no_reopen before update on public.team_surveys
  for each row execute function public.team_surveys_no_reopen();

-- ---------------------------------------------------------------------------------------------
-- survey_responses (unlock-budget requests): the status is the operators'
-- ---------------------------------------------------------------------------------------------
create or replace function public.survey_responses_status_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_end_user_request() then
    if tg_op = 'INSERT' and new.status <> 'pending' then
      perform public.raise_rule('status_readonly');
    elsif tg_op = 'UPDATE' and new.status is distinct from old.status then
      perform public.raise_rule('status_readonly');
    end if;
  end if;
  return new;
end;
$$;

create trigger survey_responses_status_guard before insert or update on public.survey_responses
  for each row execute function public.survey_responses_status_guard();

-- ---------------------------------------------------------------------------------------------
-- team_survey_responses: written by the respondent (submit_survey_response); the survey owner may
-- only soft-delete one.
-- ---------------------------------------------------------------------------------------------
create or replace function public.team_survey_responses_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_end_user_request() and (
    new.survey_id is distinct from old.survey_id
    or new.company_id is distinct from old.company_id
    or new.department is distinct from old.department
    or new.first_name is distinct from old.first_name
    or new.last_name is distinct from old.last_name
    or new.responses is distinct from old.responses
    or new.tools_satisfaction is distinct from old.tools_satisfaction
    or new.improvement_suggestion is distinct from old.improvement_suggestion
    or new.created_at is distinct from old.created_at
  ) then
    perform public.raise_rule('response_readonly');
  end if;
  return new;
end;
$$;

create trigger team_survey_responses_guard before update on public.team_survey_responses
  for each row execute function public.team_survey_responses_guard();

-- ---------------------------------------------------------------------------------------------
-- training_requests: the employee belongs to the same company
-- ---------------------------------------------------------------------------------------------
create or replace function public.training_requests_employee_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.employee_id is not null
     and (tg_op = 'INSERT' or new.employee_id is distinct from old.employee_id or new.company_id is distinct from old.company_id)
     and not exists (
       select 1 from public.training_employees e where e.id = new.employee_id and e.company_id = new.company_id
     ) then
    perform public.raise_rule('invalid_employee');
  end if;
  return new;
end;
$$;

create trigger training_requests_employee_guard before insert or update on public.training_requests
  for each row execute function public.training_requests_employee_guard();

-- ---------------------------------------------------------------------------------------------
-- Sign-up (01 §4). With e-mail confirmation on, auth.signUp returns no session: the server creates
-- what the sequence needs, in the sign-up transaction, from raw_user_meta_data:
--   1. the profile (contact_*, company_*, code_naf; contact_email is the account's e-mail);
--      a failure here fails the sign-up;
--   2. the first simulation from pending_simulation (a JSON object with the simulations columns and
--      a client-generated id), validated; failure only logged;
--   3. a referral (status 'registered', no commission) when referral_id is the base64 of another
--      existing profile's id; failure only logged.
-- ---------------------------------------------------------------------------------------------
create or replace function public.text_or_null(p_value text, p_max integer) returns text
language sql immutable
set search_path = ''
as $$
  select case when p_value is null or btrim(p_value) = '' then null else left(btrim(p_value), p_max) end;
$$;

create or replace function public.handle_new_user() returns trigger
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

  -- 2. First simulation.
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
      raise warning 'handle_new_user: pending_simulation of user % not created: % (%)', new.id, sqlerrm, sqlstate;
    end;
  end if;

  -- 3. Referral.
  v_ref := v_meta ->> 'referral_id';
  if v_ref is not null and btrim(v_ref) <> '' and length(v_ref) <= 200 then
    begin
      v_ref := translate(btrim(v_ref), '-_', '+/');
      v_ref := v_ref || repeat('=', (4 - length(v_ref) % 4) % 4);
      v_referrer := convert_from(decode(v_ref, 'base64'), 'UTF8')::uuid;
      if v_referrer <> new.id and exists (select 1 from public.profiles p where p.id = v_referrer) then
        insert into public.referrals (
          id, referrer_id, referred_profile_id, referred_company_siret, referred_company_name, status, commission_amount
        )
        select gen_random_uuid(), v_referrer, new.id,
               coalesce(v_siret, case when (v_sim ->> 'company_siret') ~ '^[0-9]{14}$' then v_sim ->> 'company_siret' end),
               coalesce(public.text_or_null(v_meta ->> 'company_name', 300), public.text_or_null(v_sim ->> 'company_name', 300)),
               'registered', null;
      else
        raise log 'handle_new_user: referral_id of user % names no other profile', new.id;
      end if;
    exception when others then
      raise warning 'handle_new_user: referral of user % not created: % (%)', new.id, sqlerrm, sqlstate;
    end;
  end if;
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- ---------------------------------------------------------------------------------------------
-- Sign-up step 1: is there already an account or a profile with this e-mail? (anon allowed)
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
  return exists (select 1 from public.profiles p where lower(p.contact_email) = v_email)
      or exists (select 1 from auth.users u where lower(u.email) = v_email);
end;
$$;

-- Internal functions are not callable through the API.
revoke execute on function public.handle_new_user() from public;
revoke execute on function public.profile_exists_for_email(text) from public;
grant execute on function public.profile_exists_for_email(text) to anon, authenticated, service_role;
