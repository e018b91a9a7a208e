// The shapes every reference dataset shares: a CSV row as read, a table row as loaded, the
// dataset names. A leaf module: datasets.ts and funding-criteria.ts both import it, never each other.
export type DatasetName =
  | 'idcc'
  | 'idcc_opco'
  | 'naf'
  | 'naf_idcc'
  | 'budget_rules'
  | 'registry_companies'
  | 'funding_criteria';
export type CsvRow = Record<string, string | undefined>;
export type TableRow = Record<string, string | number | boolean | string[] | null>;
