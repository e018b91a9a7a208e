-- Issue 29: what the training plan and the team surveys need from the database.
--
-- 1. A training request's « Enjeu » (business_impact) can be « not filled »: null. A request created
--    from the manual form no longer gets 'medium' (a value nobody chose); until now no screen let a
--    user choose an impact at all (requests from recommendations get 'high' by rule, 02 §9), so
--    every stored 'medium' was that default: it becomes null (not filled) too. Old clients read the
--    null as a value they cannot read and keep the row aside until they update (quarantine).
-- 2. Team survey answers: the respondent's name is optional (« Laisser vide pour répondre sans
--    donner votre nom »): first_name and last_name may be empty ('' = no name; still not null, so
--    that clients that read them as text keep working).
-- 3. The departments a survey asks about: team_surveys.departments, a list of {label, set} chosen
--    by the employer (the company's own services; set = the question set they answer, one of the
--    eight departments), null for the eight generic departments (earlier surveys). The respondent's
--    choice is kept in team_survey_responses.department_label (null: a generic department).
-- 4. The company a survey belongs to, shown to respondents: team_surveys.company_name (set when
--    the survey is created; earlier surveys fall back to the owner's latest company).
-- 5. A deleted answer is erased: soft-deleting a response (the owner's only change to it) empties
--    its name, answers and suggestion in the same statement (the tombstone stays for the sync).
-- 6. get_public_survey returns company_name and departments (nothing else of the owner);
--    submit_survey_response accepts an empty name and department_label.
-- Columns were added to replicated tables: the pull's page function is generated again (last).

-- ---------------------------------------------------------------------------------------------
-- 1. training_requests.business_impact: nullable, no default
-- ---------------------------------------------------------------------------------------------
alter table public.training_requests alter column business_impact drop not null;
alter table public.training_requests alter column business_impact drop default;
update public.training_requests set business_impact = null where business_impact = 'medium';

-- ---------------------------------------------------------------------------------------------
-- 2. team_survey_responses: optional names
-- ---------------------------------------------------------------------------------------------
alter table public.team_survey_responses drop constraint team_survey_responses_first_name_check;
alter table public.team_survey_responses drop constraint team_survey_responses_last_name_check;
alter table public.team_survey_responses
  add constraint team_survey_responses_first_name_check check (char_length(first_name) <= 100),
  add constraint team_survey_responses_last_name_check check (char_length(last_name) <= 100);

-- ---------------------------------------------------------------------------------------------
-- 3, 4. team_surveys.departments, team_surveys.company_name, team_survey_responses.department_label
-- ---------------------------------------------------------------------------------------------
-- A valid list: 1 to 12 objects {label, set}, labels trimmed, 1 to 60 characters, distinct
-- (case-insensitive); set one of the eight departments; no other key. null is valid (generic list).
create or replace function public.survey_departments_valid(p jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select case
    when p is null then true
    when jsonb_typeof(p) <> 'array' then false
    when jsonb_array_length(p) not between 1 and 12 or length(p::text) > 4000 then false
    else not exists (
      select 1 from jsonb_array_elements(p) e
       where case
         when jsonb_typeof(e) <> 'object' then true
         else jsonb_typeof(e -> 'label') is distinct from 'string'
           or jsonb_typeof(e -> 'set') is distinct from 'string'
           or char_length(e ->> 'label') not between 1 and 60
           or e ->> 'label' <> btrim(e ->> 'label')
           or (e ->> 'set') not in ('commercial', 'marketing', 'hr', 'management', 'support', 'admin', 'tech', 'other')
           or exists (select 1 from jsonb_object_keys(e) k where k not in ('label', 'set'))
         end
    ) and (
      select count(distinct lower(e ->> 'label')) from jsonb_array_elements(p) e
    ) = jsonb_array_length(p)
  end;
$$;

alter table public.team_surveys
  add column company_name text check (char_length(company_name) <= 300),
  add column departments jsonb constraint team_surveys_departments_valid
    check (public.survey_departments_valid(departments));

alter table public.team_survey_responses
  add column department_label text check (char_length(department_label) between 1 and 60);

-- The owner may still only soft-delete a response: department_label is the respondent's too.
create or replace function public.team_survey_responses_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_end_user_request() and (
    new.survey_id is distinct from old.survey_id
    or new.company_id is distinct from old.company_id
    or new.department is distinct from old.department
    or new.department_label is distinct from old.department_label
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

-- ---------------------------------------------------------------------------------------------
-- 5. A deleted answer is erased. Triggers of one event fire in name order: « purge » comes after
--    team_survey_responses_guard (which must see the owner's change alone) and before zz_sync_stamp
--    (which records the erased columns as changed by this transaction).
-- ---------------------------------------------------------------------------------------------
create or replace function public.team_survey_responses_erase() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.first_name := '';
  new.last_name := '';
  new.responses := '{}'::jsonb;
  new.improvement_suggestion := null;
  return new;
end;
$$;

create trigger team_survey_responses_purge_on_delete before update on public.team_survey_responses
  for each row when (new.deleted_at is not null and old.deleted_at is null)
  execute function public.team_survey_responses_erase();

-- ---------------------------------------------------------------------------------------------
-- 6. The public functions
-- ---------------------------------------------------------------------------------------------
create or replace function public.get_public_survey(p_survey_id uuid) returns json
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_survey record;
  v_company text;
begin
  select s.id, s.name, s.status, s.company_id, s.company_name, s.departments into v_survey
    from public.team_surveys s
   where s.id = p_survey_id and s.deleted_at is null;
  if not found then
    raise exception using errcode = 'P0001', message = 'survey_not_found';
  end if;
  if v_survey.status <> 'active' then
    raise exception using errcode = 'P0001', message = 'survey_closed';
  end if;
  -- The company's name only: the survey's own, else the owner's latest company, else the one given
  -- at sign-up. Nothing else of the owner leaves this function.
  v_company := coalesce(
    nullif(btrim(v_survey.company_name), ''),
    (select nullif(btrim(sim.company_name), '') from public.simulations sim
      where sim.profile_id = v_survey.company_id and sim.deleted_at is null
      order by sim.created_at desc limit 1),
    (select nullif(btrim(p.company_name), '') from public.profiles p where p.id = v_survey.company_id)
  );
  return json_build_object(
    'id', v_survey.id,
    'name', v_survey.name,
    'status', v_survey.status,
    'company_name', v_company,
    'departments', v_survey.departments,
    'question_sets', (
      select coalesce(
        json_agg(json_build_object('department', q.department, 'label', q.label, 'questions', q.questions) order by q.position),
        '[]'::json)
        from public.survey_question_sets q
    )
  );
end;
$$;

-- An optional name: absent, null or blank is no name (''); otherwise trimmed, at most 100.
create or replace function public.survey_response_name(p_response jsonb, p_field text) returns text
language plpgsql
set search_path = ''
as $$
begin
  if p_response -> p_field is null or jsonb_typeof(p_response -> p_field) = 'null' then
    return '';
  end if;
  if jsonb_typeof(p_response -> p_field) <> 'string'
     or char_length(btrim(p_response ->> p_field)) > 100 then
    perform public.survey_response_invalid(p_field);
  end if;
  return btrim(p_response ->> p_field);
end;
$$;

create or replace function public.submit_survey_response(p_response jsonb) returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_survey_id uuid;
  v_department text;
  v_label text;
  v_first text;
  v_last text;
  v_responses jsonb;
  v_tools text;
  v_suggestion text;
  v_survey record;
  v_key text;
  v_value jsonb;
  v_inserted integer;
begin
  if p_response is null or jsonb_typeof(p_response) <> 'object' or length(p_response::text) > 100000 then
    perform public.survey_response_invalid('body');
  end if;
  begin
    v_id := (p_response ->> 'id')::uuid;
  exception when others then
    v_id := null;
  end;
  if v_id is null then
    perform public.survey_response_invalid('id');
  end if;
  begin
    v_survey_id := (p_response ->> 'survey_id')::uuid;
  exception when others then
    v_survey_id := null;
  end;
  if v_survey_id is null then
    perform public.survey_response_invalid('survey_id');
  end if;

  -- Idempotence first: a response already recorded is a duplicate, whatever the survey became.
  if exists (select 1 from public.team_survey_responses r where r.id = v_id) then
    return json_build_object('status', 'duplicate', 'id', v_id);
  end if;

  v_department := p_response ->> 'department';
  if jsonb_typeof(p_response -> 'department') is distinct from 'string'
     or v_department not in ('commercial', 'marketing', 'hr', 'management', 'support', 'admin', 'tech', 'other') then
    perform public.survey_response_invalid('department');
  end if;
  if p_response -> 'department_label' is null or jsonb_typeof(p_response -> 'department_label') = 'null' then
    v_label := null;
  elsif jsonb_typeof(p_response -> 'department_label') <> 'string'
        or char_length(p_response ->> 'department_label') not between 1 and 60 then
    perform public.survey_response_invalid('department_label');
  else
    v_label := p_response ->> 'department_label';
  end if;
  v_first := public.survey_response_name(p_response, 'first_name');
  v_last := public.survey_response_name(p_response, 'last_name');
  v_tools := p_response ->> 'tools_satisfaction';
  if jsonb_typeof(p_response -> 'tools_satisfaction') is distinct from 'string'
     or v_tools not in ('yes', 'partially', 'no', 'unknown') then
    perform public.survey_response_invalid('tools_satisfaction');
  end if;
  if p_response -> 'improvement_suggestion' is null or jsonb_typeof(p_response -> 'improvement_suggestion') = 'null' then
    v_suggestion := null;
  elsif jsonb_typeof(p_response -> 'improvement_suggestion') <> 'string'
        or char_length(p_response ->> 'improvement_suggestion') > 5000 then
    perform public.survey_response_invalid('improvement_suggestion');
  else
    v_suggestion := nullif(btrim(p_response ->> 'improvement_suggestion'), '');
  end if;

  -- responses: an object of at most 50 answers; each a text (<= 5000) or a list of at most 50
  -- texts (<= 500 each); keys <= 50 characters; 60 000 characters in all.
  v_responses := coalesce(p_response -> 'responses', '{}'::jsonb);
  if jsonb_typeof(v_responses) <> 'object' or length(v_responses::text) > 60000 then
    perform public.survey_response_invalid('responses');
  end if;
  if (select count(*) from jsonb_object_keys(v_responses)) > 50 then
    perform public.survey_response_invalid('responses');
  end if;
  for v_key, v_value in select key, value from jsonb_each(v_responses) loop
    if char_length(v_key) not between 1 and 50 then
      perform public.survey_response_invalid('responses');
    end if;
    if jsonb_typeof(v_value) = 'string' then
      if char_length(v_value #>> '{}') > 5000 then
        perform public.survey_response_invalid('responses');
      end if;
    elsif jsonb_typeof(v_value) = 'array' then
      if jsonb_array_length(v_value) > 50 or exists (
        select 1 from jsonb_array_elements(v_value) e
         where jsonb_typeof(e) <> 'string' or char_length(e #>> '{}') > 500
      ) then
        perform public.survey_response_invalid('responses');
      end if;
    else
      perform public.survey_response_invalid('responses');
    end if;
  end loop;

  -- The survey, locked against a concurrent close.
  select s.id, s.company_id, s.status, s.departments into v_survey
    from public.team_surveys s
   where s.id = v_survey_id and s.deleted_at is null
   for share;
  if not found then
    raise exception using errcode = 'P0001', message = 'survey_not_found';
  end if;
  if v_survey.status <> 'active' then
    raise exception using errcode = 'P0001', message = 'survey_closed';
  end if;
  -- A named department is one of the survey's, answering its question set. An answer without one
  -- (a page from before the survey had its own list) is kept under its generic department.
  if v_label is not null and (
    v_survey.departments is null or not exists (
      select 1 from jsonb_array_elements(v_survey.departments) e
       where e ->> 'label' = v_label and e ->> 'set' = v_department
    )
  ) then
    perform public.survey_response_invalid('department_label');
  end if;

  insert into public.team_survey_responses (
    id, survey_id, company_id, department, department_label, first_name, last_name, responses,
    tools_satisfaction, improvement_suggestion
  ) values (
    v_id, v_survey.id, v_survey.company_id, v_department, v_label, v_first, v_last, v_responses,
    v_tools, v_suggestion
  )
  on conflict (id) do nothing;
  get diagnostics v_inserted = row_count;
  return json_build_object('status', case when v_inserted = 1 then 'recorded' else 'duplicate' end, 'id', v_id);
end;
$$;

revoke execute on function public.survey_response_name(jsonb, text) from public;
revoke execute on function public.survey_departments_valid(jsonb) from public;
revoke execute on function public.get_public_survey(uuid) from public;
revoke execute on function public.submit_survey_response(jsonb) from public;
grant execute on function public.survey_departments_valid(jsonb) to anon, authenticated, service_role;
grant execute on function public.get_public_survey(uuid) to anon, authenticated, service_role;
grant execute on function public.submit_survey_response(jsonb) to anon, authenticated, service_role;

select sync.generate_pull_page();
