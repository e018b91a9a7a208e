-- Budget Formation: live pokes (issue 18). Deployable unchanged to hosted Supabase.
-- Contract: docs/architecture.md §Live.
--
-- A device learns that something changed for its user without waiting for its periodic pull: after
-- every transaction that writes replicated rows, each user whose rows changed gets ONE Realtime
-- Broadcast message, event 'poke', on the private topic 'sync:<user id>', payload
--   {"tables": ["simulations", ...], "device": "<device id of the pushing sync_push>" | null}
-- (no row data: devices pull, with the usual RLS, when poked).
--
-- Hosted Supabase: realtime.send() stores the message in realtime.messages; the Realtime service
-- reads it from the WAL after commit and fans it out to the clients joined to the topic. The
-- embedded backend (server/realtime) provides a compatible realtime schema whose send() is a
-- NOTIFY, delivered after commit to its /realtime/v1/websocket endpoint. Either way a rolled-back
-- write sends nothing.
--
-- Cost on the write path (measured by npm run bench:live): one statement-level trigger call per
-- INSERT/UPDATE statement (it notes the owners of the changed rows in a transaction-local setting),
-- and per transaction one row in live.flush whose deferred trigger sends the pokes at commit.
--
-- Authorisation (RLS on realtime.messages, as Realtime evaluates it when a client joins a private
-- channel): a signed-in user may read, i.e. join, only 'sync:<their id>'. No INSERT policy: no
-- client may broadcast on these topics (pokes come from the database only).

create schema if not exists live;
revoke all on schema live from public;

-- One row per transaction that has pokes to send; its deferred trigger sends them at commit.
-- Unlogged: rows live for the duration of one transaction.
create unlogged table live.flush (
  txid xid8 primary key
);
revoke all on live.flush from public;

-- Notes that p_table rows of the given owners changed in this transaction (setting live.pending,
-- ';<owner>:<table>;...', transaction-local: a rolled-back subtransaction takes its notes along).
create or replace function live.note_changes(p_table text, p_owners uuid[]) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_pending text := coalesce(current_setting('live.pending', true), '');
  v_next text := v_pending;
  v_owner uuid;
  v_item text;
begin
  if p_owners is null then
    return;
  end if;
  foreach v_owner in array p_owners loop
    continue when v_owner is null;
    v_item := v_owner::text || ':' || p_table || ';';
    if v_next = '' then
      v_next := ';' || v_item;
    elsif strpos(v_next, ';' || v_item) = 0 then
      v_next := v_next || v_item;
    end if;
  end loop;
  if v_next <> v_pending then
    perform set_config('live.pending', v_next, true);
    if v_pending = '' then
      insert into live.flush (txid) values (pg_current_xact_id()) on conflict do nothing;
    end if;
  end if;
end;
$$;

-- Statement-level trigger (one call per statement, whatever its row count); its argument names the
-- table's owner column. PL/pgSQL plans each trigger's statements separately, so each table only
-- ever plans the branch of its own owner column.
create or replace function live.note_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_owners uuid[];
begin
  case tg_argv[0]
    when 'id' then
      select array_agg(distinct n.id) into v_owners from new_rows n;
    when 'profile_id' then
      select array_agg(distinct n.profile_id) into v_owners from new_rows n;
    when 'company_id' then
      select array_agg(distinct n.company_id) into v_owners from new_rows n;
    when 'referrer_id' then
      select array_agg(distinct n.referrer_id) into v_owners from new_rows n;
  end case;
  perform live.note_changes(tg_table_name, v_owners);
  return null;
end;
$$;

-- At commit: one poke per user, listing the tables that changed for them.
create or replace function live.send_pokes() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_pending text := coalesce(current_setting('live.pending', true), '');
  v_device text := nullif(left(coalesce(current_setting('sync.device_id', true), ''), 100), '');
  v_poke record;
begin
  delete from live.flush f where f.txid = new.txid;
  perform set_config('live.pending', '', true);
  for v_poke in
    select split_part(i, ':', 1) as owner,
           array_agg(distinct split_part(i, ':', 2)) as tables
      from unnest(string_to_array(v_pending, ';')) i
     where i <> ''
     group by 1
  loop
    perform realtime.send(
      jsonb_build_object('tables', to_jsonb(v_poke.tables), 'device', v_device),
      'poke',
      'sync:' || v_poke.owner,
      true
    );
  end loop;
  return null;
end;
$$;

create constraint trigger send_pokes after insert on live.flush
  deferrable initially deferred
  for each row execute function live.send_pokes();

revoke all on function live.note_changes(text, uuid[]) from public;
revoke all on function live.note_rows() from public;
revoke all on function live.send_pokes() from public;

-- Transition tables allow one event per trigger: an INSERT and an UPDATE trigger per table. Soft
-- deletes are updates; hard deletes are not replicated (a pull cannot carry them).
create trigger live_poke_insert after insert on public.profiles
  referencing new table as new_rows for each statement execute function live.note_rows('id');
create trigger live_poke_update after update on public.profiles
  referencing new table as new_rows for each statement execute function live.note_rows('id');
create trigger live_poke_insert after insert on public.simulations
  referencing new table as new_rows for each statement execute function live.note_rows('profile_id');
create trigger live_poke_update after update on public.simulations
  referencing new table as new_rows for each statement execute function live.note_rows('profile_id');
create trigger live_poke_insert after insert on public.survey_responses
  referencing new table as new_rows for each statement execute function live.note_rows('profile_id');
create trigger live_poke_update after update on public.survey_responses
  referencing new table as new_rows for each statement execute function live.note_rows('profile_id');
create trigger live_poke_insert after insert on public.training_employees
  referencing new table as new_rows for each statement execute function live.note_rows('company_id');
create trigger live_poke_update after update on public.training_employees
  referencing new table as new_rows for each statement execute function live.note_rows('company_id');
create trigger live_poke_insert after insert on public.training_requests
  referencing new table as new_rows for each statement execute function live.note_rows('company_id');
create trigger live_poke_update after update on public.training_requests
  referencing new table as new_rows for each statement execute function live.note_rows('company_id');
create trigger live_poke_insert after insert on public.team_surveys
  referencing new table as new_rows for each statement execute function live.note_rows('company_id');
create trigger live_poke_update after update on public.team_surveys
  referencing new table as new_rows for each statement execute function live.note_rows('company_id');
-- Includes the public survey's answers (submit_survey_response): the survey's owner is poked.
create trigger live_poke_insert after insert on public.team_survey_responses
  referencing new table as new_rows for each statement execute function live.note_rows('company_id');
create trigger live_poke_update after update on public.team_survey_responses
  referencing new table as new_rows for each statement execute function live.note_rows('company_id');
create trigger live_poke_insert after insert on public.referrals
  referencing new table as new_rows for each statement execute function live.note_rows('referrer_id');
create trigger live_poke_update after update on public.referrals
  referencing new table as new_rows for each statement execute function live.note_rows('referrer_id');

-- Realtime authorisation: joining a private channel = reading realtime.messages for its topic.
create policy "live: a user reads only their own sync topic" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'sync:' || (select auth.uid())::text
  );
