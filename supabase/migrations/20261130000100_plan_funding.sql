-- Issue 30: the training plan estimates what the OPCO will pay from the company's funding criteria.
--
-- A request's coverage rate was, until now, a figure nobody chose: 100 from the manual form, the
-- « 100% financé » of a recommendation. The plan now shows the estimate from the criteria, and the
-- user's own rate only when they typed one: training_requests.coverage_override says so (true: the
-- stored coverage_rate and remaining_cost are the user's own figures, shown « saisi par vous » and
-- used instead of the estimate; false: the plan shows the estimate). Every existing row is false:
-- no screen let a user type a rate before this version. Older clients do not send the column (its
-- default applies) and read rows with it (their row schemas keep unknown columns).
-- A column was added to a replicated table: the pull's page function is generated again (last).

alter table public.training_requests
  add column coverage_override boolean not null default false;

select sync.generate_pull_page();
