-- Budget Formation: team surveys answered through a public link, without an account (02 §2.18).
-- Deployable unchanged with the Supabase CLI; applied as well by the embedded backend (server/).
--
-- The anonymous role reads no table directly: a public survey is reachable only through the two
-- security-definer functions below, granted to anon and authenticated.
--   get_public_survey(p_survey_id uuid) -> json
--     {id, name, status, question_sets: [{department, label, questions: [{id, text, type, options}]}]}
--     for an active, live survey; errors (P0001) survey_not_found, survey_closed.
--   submit_survey_response(p_response jsonb) -> json {status: 'recorded' | 'duplicate', id}
--     p_response = {id, survey_id, department, first_name, last_name, responses,
--                   tools_satisfaction, improvement_suggestion} (contracts.ts publicSurveyAnswerSchema);
--     idempotent on the client-generated id: a repeated id returns 'duplicate' and changes nothing,
--     even if the survey closed meanwhile; inserts only while the survey is active; copies
--     company_id from the survey; errors (P0001) survey_not_found, survey_closed, invalid_response
--     (the offending field in the error detail).

-- ---------------------------------------------------------------------------------------------
-- Question sets: reference data of the product (one per department), readable when signed in
-- (the survey owner's results page) and returned by get_public_survey.
-- ---------------------------------------------------------------------------------------------
create table public.survey_question_sets (
  department text primary key check (
    department in ('commercial', 'marketing', 'hr', 'management', 'support', 'admin', 'tech', 'other')
  ),
  label text not null check (char_length(label) between 1 and 100),
  position integer not null unique,
  questions jsonb not null check (jsonb_typeof(questions) = 'array'),
  updated_at timestamptz not null default now()
);

alter table public.survey_question_sets enable row level security;
create policy survey_question_sets_read on public.survey_question_sets for select to authenticated
  using (true);
grant select on public.survey_question_sets to authenticated;
revoke all on public.survey_question_sets from anon;

insert into public.survey_question_sets (department, label, position, questions) values
  ('commercial', 'Commercial / Ventes', 1, '[{"id": "skills", "text": "Quelles compétences souhaitez-vous développer en priorité ?", "type": "checkbox", "options": ["Prospection et génération de leads", "Négociation et closing", "Gestion de la relation client (CRM)", "Vente consultative", "Présentation et pitch commercial", "Social selling (LinkedIn)", "Gestion des grands comptes"]}, {"id": "challenges", "text": "Quels sont vos principaux défis au quotidien ?", "type": "checkbox", "options": ["Trouver de nouveaux clients", "Convertir les prospects", "Fidéliser les clients existants", "Répondre aux objections sur le prix", "Suivre le pipeline commercial", "Manque de temps pour se former"]}, {"id": "priorities", "text": "Quelle est votre priorité pour les 12 prochains mois ?", "type": "radio", "options": ["Augmenter le chiffre d''affaires", "Conquérir un nouveau marché", "Améliorer le taux de transformation", "Développer les ventes en ligne"]}, {"id": "additional", "text": "Souhaitez-vous préciser un autre besoin de formation ?", "type": "text", "options": []}]'::jsonb),
  ('marketing', 'Marketing / Communication', 2, '[{"id": "skills", "text": "Quelles compétences souhaitez-vous développer en priorité ?", "type": "checkbox", "options": ["Marketing digital et SEO", "Publicité en ligne (SEA, réseaux sociaux)", "Création de contenu et rédaction", "Analyse de données et tableaux de bord", "Marketing automation et emailing", "Stratégie de marque", "Intelligence artificielle appliquée au marketing"]}, {"id": "challenges", "text": "Quels sont vos principaux défis au quotidien ?", "type": "checkbox", "options": ["Mesurer le retour sur investissement", "Générer des contacts qualifiés", "Produire du contenu régulièrement", "Suivre l''évolution des outils", "Travailler avec l''équipe commerciale"]}, {"id": "priorities", "text": "Quelle est votre priorité pour les 12 prochains mois ?", "type": "radio", "options": ["Notoriété de la marque", "Acquisition de clients", "Fidélisation", "Transformation digitale"]}, {"id": "additional", "text": "Souhaitez-vous préciser un autre besoin de formation ?", "type": "text", "options": []}]'::jsonb),
  ('hr', 'Ressources humaines', 3, '[{"id": "skills", "text": "Quelles compétences souhaitez-vous développer en priorité ?", "type": "checkbox", "options": ["Recrutement et marque employeur", "Droit social et paie", "Gestion des emplois et des parcours professionnels (GEPP)", "Entretiens professionnels et annuels", "Qualité de vie et des conditions de travail", "Digitalisation des processus RH"]}, {"id": "challenges", "text": "Quels sont vos principaux défis au quotidien ?", "type": "checkbox", "options": ["Recruter les bons profils", "Fidéliser les talents", "Suivre les évolutions réglementaires", "Construire le plan de développement des compétences", "Accompagner le changement"]}, {"id": "priorities", "text": "Quelle est votre priorité pour les 12 prochains mois ?", "type": "radio", "options": ["Attractivité et recrutement", "Montée en compétences des équipes", "Climat social et qualité de vie au travail", "Conformité réglementaire"]}, {"id": "additional", "text": "Souhaitez-vous préciser un autre besoin de formation ?", "type": "text", "options": []}]'::jsonb),
  ('management', 'Management / Direction', 4, '[{"id": "skills", "text": "Quelles compétences managériales souhaitez-vous renforcer ?", "type": "checkbox", "options": ["Leadership et posture managériale", "Conduite du changement", "Délégation et responsabilisation", "Gestion des conflits", "Feedback et entretiens individuels", "Management à distance ou hybride", "Prise de décision"]}, {"id": "challenges", "text": "Quels sont vos principaux défis de manager ?", "type": "checkbox", "options": ["Motiver et engager l''équipe", "Gérer la charge de travail", "Donner du sens aux objectifs", "Accompagner la montée en compétences", "Gérer les situations difficiles"]}, {"id": "priorities", "text": "Quelle est votre priorité pour les 12 prochains mois ?", "type": "radio", "options": ["Performance de l''équipe", "Cohésion et engagement", "Organisation et priorisation", "Développement personnel du manager"]}, {"id": "contact", "text": "Souhaitez-vous échanger avec un conseiller formation ?", "type": "radio", "options": ["Oui", "Non"]}, {"id": "additional", "text": "Souhaitez-vous préciser un autre besoin de formation ?", "type": "text", "options": []}]'::jsonb),
  ('support', 'Support / Service client', 5, '[{"id": "skills", "text": "Quelles compétences souhaitez-vous développer en priorité ?", "type": "checkbox", "options": ["Communication et relation client", "Gestion des réclamations", "Outils de ticketing et CRM", "Communication écrite (e-mail, chat)", "Connaissance technique des produits", "Gestion du stress"]}, {"id": "challenges", "text": "Quels sont vos principaux défis au quotidien ?", "type": "checkbox", "options": ["Volume de demandes élevé", "Clients mécontents", "Délais de résolution", "Manque d''information sur les produits", "Outils peu adaptés"]}, {"id": "priorities", "text": "Quelle est votre priorité pour les 12 prochains mois ?", "type": "radio", "options": ["Satisfaction client", "Rapidité de traitement", "Autonomie des équipes", "Qualité des réponses"]}, {"id": "additional", "text": "Souhaitez-vous préciser un autre besoin de formation ?", "type": "text", "options": []}]'::jsonb),
  ('admin', 'Administratif / Finance', 6, '[{"id": "skills", "text": "Quelles compétences souhaitez-vous développer en priorité ?", "type": "checkbox", "options": ["Comptabilité et gestion financière", "Excel avancé et outils bureautiques", "Gestion administrative et juridique", "Contrôle de gestion", "Facturation électronique", "Organisation et gestion du temps"]}, {"id": "challenges", "text": "Quels sont vos principaux défis au quotidien ?", "type": "checkbox", "options": ["Tâches répétitives et chronophages", "Évolutions réglementaires", "Fiabilité des données", "Coordination entre services", "Dématérialisation des documents"]}, {"id": "priorities", "text": "Quelle est votre priorité pour les 12 prochains mois ?", "type": "radio", "options": ["Automatiser les tâches", "Fiabiliser les processus", "Maîtriser les coûts", "Respecter les nouvelles obligations"]}, {"id": "additional", "text": "Souhaitez-vous préciser un autre besoin de formation ?", "type": "text", "options": []}]'::jsonb),
  ('tech', 'Technique / Informatique', 7, '[{"id": "skills", "text": "Quelles compétences souhaitez-vous développer en priorité ?", "type": "checkbox", "options": ["Développement logiciel", "Cybersécurité", "Cloud et infrastructure", "Données et intelligence artificielle", "Méthodes agiles et gestion de projet", "Outils no-code et automatisation"]}, {"id": "challenges", "text": "Quels sont vos principaux défis au quotidien ?", "type": "checkbox", "options": ["Suivre l''évolution rapide des technologies", "Sécuriser le système d''information", "Réduire la dette technique", "Recruter ou fidéliser des profils techniques", "Documenter et partager les connaissances"]}, {"id": "priorities", "text": "Quelle est votre priorité pour les 12 prochains mois ?", "type": "radio", "options": ["Sécurité", "Productivité des équipes", "Innovation et IA", "Qualité et fiabilité"]}, {"id": "additional", "text": "Souhaitez-vous préciser un autre besoin de formation ?", "type": "text", "options": []}]'::jsonb),
  ('other', 'Autre', 8, '[{"id": "role", "text": "Quel est votre métier ou votre fonction ?", "type": "text", "options": []}, {"id": "challenges", "text": "Quels sont vos principaux défis au quotidien ?", "type": "text", "options": []}, {"id": "additional", "text": "Quelles formations vous aideraient le plus ?", "type": "text", "options": []}]'::jsonb);

-- ---------------------------------------------------------------------------------------------
-- get_public_survey
-- ---------------------------------------------------------------------------------------------
create or replace function public.get_public_survey(p_survey_id uuid) returns json
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_survey record;
begin
  select s.id, s.name, s.status into v_survey
    from public.team_surveys s
   where s.id = p_survey_id and s.deleted_at is null;
  if not found then
    raise exception using errcode = 'P0001', message = 'survey_not_found';
  end if;
  if v_survey.status <> 'active' then
    raise exception using errcode = 'P0001', message = 'survey_closed';
  end if;
  return json_build_object(
    'id', v_survey.id,
    'name', v_survey.name,
    'status', v_survey.status,
    'question_sets', (
      select coalesce(
        json_agg(json_build_object('department', q.department, 'label', q.label, 'questions', q.questions) order by q.position),
        '[]'::json)
        from public.survey_question_sets q
    )
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- submit_survey_response
-- ---------------------------------------------------------------------------------------------
create or replace function public.survey_response_invalid(p_field text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = 'invalid_response', detail = p_field;
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
  v_first := btrim(coalesce(p_response ->> 'first_name', ''));
  if jsonb_typeof(p_response -> 'first_name') is distinct from 'string' or char_length(v_first) not between 1 and 100 then
    perform public.survey_response_invalid('first_name');
  end if;
  v_last := btrim(coalesce(p_response ->> 'last_name', ''));
  if jsonb_typeof(p_response -> 'last_name') is distinct from 'string' or char_length(v_last) not between 1 and 100 then
    perform public.survey_response_invalid('last_name');
  end if;
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
  select s.id, s.company_id, s.status into v_survey
    from public.team_surveys s
   where s.id = v_survey_id and s.deleted_at is null
   for share;
  if not found then
    raise exception using errcode = 'P0001', message = 'survey_not_found';
  end if;
  if v_survey.status <> 'active' then
    raise exception using errcode = 'P0001', message = 'survey_closed';
  end if;

  insert into public.team_survey_responses (
    id, survey_id, company_id, department, first_name, last_name, responses, tools_satisfaction,
    improvement_suggestion
  ) values (
    v_id, v_survey.id, v_survey.company_id, v_department, v_first, v_last, v_responses, v_tools, v_suggestion
  )
  on conflict (id) do nothing;
  get diagnostics v_inserted = row_count;
  return json_build_object('status', case when v_inserted = 1 then 'recorded' else 'duplicate' end, 'id', v_id);
end;
$$;

revoke execute on function public.survey_response_invalid(text) from public;
revoke execute on function public.get_public_survey(uuid) from public;
revoke execute on function public.submit_survey_response(jsonb) from public;
grant execute on function public.get_public_survey(uuid) to anon, authenticated, service_role;
grant execute on function public.submit_survey_response(jsonb) to anon, authenticated, service_role;
