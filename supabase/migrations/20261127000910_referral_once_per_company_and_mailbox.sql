-- Budget Formation: one referral per referred company and per mailbox (issue 28 item 9).
-- Deployable unchanged to hosted Supabase.
--
-- Before: a referral was recorded once per referred *account*. Three plus-addresses of one mailbox
-- (jean+1@…, jean+2@…, jean+3@…), each confirmed, each naming the same SIRET, gave the referrer
-- three referrals (three commissions) for one company and one person.
--
-- Now a referral is recorded only when no live referral exists yet
--   * for the same referred company (SIRET), whoever referred it, and
--   * for the same mailbox: the referred account's login e-mail, lower-cased, its sub-address
--     ("+tag", RFC 5233, which nearly every provider and mail server delivers to the base mailbox)
--     removed, and, for Gmail (gmail.com, googlemail.com), its dots removed and the domain
--     written gmail.com, since Gmail delivers j.e.a.n@ and jean@ to one mailbox.
-- The check runs in a BEFORE INSERT trigger on referrals, under a transaction-scoped advisory lock
-- per SIRET and per mailbox, so two confirmations at the same moment cannot both pass. The only
-- writer of referrals is provision_confirmed_user (clients cannot write them: sync_push answers
-- `read_only`), which keeps the confirmation itself going when no referral is recorded.
--
-- No column is added to referrals: the referrer pulls its referrals, and the referred person's
-- mailbox must not reach them.

create or replace function public.mailbox_key(p_email text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_at integer := length(v_email) - strpos(reverse(v_email), '@') + 1;
  v_local text;
  v_domain text;
begin
  if strpos(v_email, '@') = 0 then
    return nullif(v_email, '');
  end if;
  v_local := substr(v_email, 1, v_at - 1);
  v_domain := substr(v_email, v_at + 1);
  v_local := split_part(v_local, '+', 1);
  if v_domain in ('gmail.com', 'googlemail.com') then
    v_local := replace(v_local, '.', '');
    v_domain := 'gmail.com';
  end if;
  return v_local || '@' || v_domain;
end;
$$;

revoke execute on function public.mailbox_key(text) from public;

create or replace function public.referrals_once_per_company_and_mailbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_mailbox text;
begin
  select public.mailbox_key(u.email) into v_mailbox
    from auth.users u where u.id = new.referred_profile_id;

  if new.referred_company_siret is not null then
    perform pg_advisory_xact_lock(hashtext('referral:siret:' || new.referred_company_siret));
    if exists (
      select 1 from public.referrals r
       where r.referred_company_siret = new.referred_company_siret and r.deleted_at is null
    ) then
      raise log 'referrals: company % already referred; referral of % not recorded',
        new.referred_company_siret, new.referred_profile_id;
      return null;
    end if;
  end if;

  if v_mailbox is not null then
    perform pg_advisory_xact_lock(hashtext('referral:mailbox:' || v_mailbox));
    if exists (
      select 1 from public.referrals r
        join auth.users u on u.id = r.referred_profile_id
       where r.deleted_at is null and public.mailbox_key(u.email) = v_mailbox
    ) then
      raise log 'referrals: mailbox of % already referred; referral not recorded', new.referred_profile_id;
      return null;
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function public.referrals_once_per_company_and_mailbox() from public;

drop trigger if exists referrals_once_per_company_and_mailbox on public.referrals;
create trigger referrals_once_per_company_and_mailbox
  before insert on public.referrals
  for each row execute function public.referrals_once_per_company_and_mailbox();
