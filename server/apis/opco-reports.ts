// `npm run data:reports` (issue 27 item 7): reads the amounts users say their OPCO confirmed from
// the embedded PGlite folder or a PostgreSQL server (a Db, as the owner: every user's reports), or
// from a Supabase project's data API with the service key, and builds the CSV the research is
// corrected from (src/domain/opco-confirmation-report.ts: no user id, SIRET, comment or time of
// recording). Every row is validated at the boundary; a row that does not read is counted, never
// exported half-read.
import {
  buildOpcoReportCsv,
  OPCO_REPORT_COLUMNS,
  opcoReportSourceSchema,
  type OpcoReportSource,
} from '../../src/domain/opco-confirmation-report';
import type { Db } from '../db/db';

export type ReportSource =
  { kind: 'db'; db: Db } | { kind: 'api'; url: string; serviceKey: string };

export type OpcoReportExport = { csv: string; rows: number; unreadable: number };

const PAGE = 1000;

async function fromDb(db: Db): Promise<unknown[]> {
  return db.query(
    `select idcc, employee_range_min, employee_range_max, opco_name, amount_cents, amount_basis,
            to_char(confirmed_on, 'YYYY-MM-DD') as confirmed_on, deleted_at::text as deleted_at
       from public.opco_confirmations
      where deleted_at is null
      order by id`,
  );
}

/** The data API caps a response at 1,000 rows (as hosted Supabase): pages by offset. */
async function fromApi(url: string, serviceKey: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const query = new URLSearchParams({
      select: OPCO_REPORT_COLUMNS.join(','),
      deleted_at: 'is.null',
      order: 'id',
      limit: String(PAGE),
      offset: String(offset),
    });
    const res = await fetch(`${url.replace(/\/$/, '')}/rest/v1/opco_confirmations?${query}`, {
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    });
    if (!res.ok) throw new Error(`Lecture des rapports : HTTP ${res.status}`);
    const page: unknown = await res.json();
    if (!Array.isArray(page)) throw new Error('Lecture des rapports : réponse illisible');
    out.push(...page);
    if (page.length < PAGE) return out;
  }
}

export async function exportOpcoReports(source: ReportSource): Promise<OpcoReportExport> {
  const raw =
    source.kind === 'db' ? await fromDb(source.db) : await fromApi(source.url, source.serviceKey);
  const rows: OpcoReportSource[] = [];
  let unreadable = 0;
  for (const row of raw) {
    const parsed = opcoReportSourceSchema.safeParse(row);
    if (parsed.success) rows.push(parsed.data);
    else unreadable++;
  }
  return { csv: buildOpcoReportCsv(rows), rows: rows.length, unreadable };
}
