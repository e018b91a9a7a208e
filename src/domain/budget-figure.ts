// The budget figure an employer can trust (issue 27): what the budget API answers for an IDCC and a
// headcount band, read from the research's funding criteria by one lookup policy
// (./budget-policy.ts). These types are a stable contract: the dashboard renders them, and the plan
// funding estimator builds on them. Every amount carries its basis (HT, TTC or not stated), every
// figure its sources, its criteria year and how sure it is. Nothing here is invented: a field the
// research does not state is null, never a guess.
//
// Shapes, in short:
//   BudgetFigure = { kind, opco, band, parts, sum, year, reliability, status, criteriaDate, … }
//     kind 'published'      one part (the company's total), or the legal and the conventional
//                           parts of one branch (each, and their `sum`);
//     kind 'range'          two sources of the same rank disagree: every disputed amount is a
//                           {min, max} range, both sources listed;
//     kind 'from_50'        50 employees and more, no branch figure: the rule of the Code du
//                           travail (legal contributions fund the plan only under 50; from 50 on,
//                           the branch's conventional or the company's voluntary contributions);
//     kind 'unavailable'    under 50, nothing published reaches the IDCC: the OPCO's criteria page.
//   FundingTerms = one fund's caps: yearly, hourly, per action, per trainee and per file, coverage
//     rate, minimum hours, salaries; each cap a CapRange ({min, max}, min === max for one figure).

/** How sure a figure is: the OPCO's own page for the year, trade press, or a compilation (S1/S2). */
export type FigureReliability = 'official' | 'press' | 'compilation';

/** The basis of every € amount of a row: HT, TTC, or not stated by the source. */
export type AmountBasis = 'HT' | 'TTC' | 'unknown';

/**
 * The research's status of a criteria row (README of the research): `current` the latest known
 * figure; `disputed` two sources of the same rank disagree; `superseded` replaced (never served);
 * `outdated` older criteria with no newer figure (served only when nothing current exists).
 */
export type CriteriaStatus = 'current' | 'disputed' | 'superseded' | 'outdated';

/** Salaries of trainees: funded, not funded, partly, or not published / sources disagree. */
export type SalaryCoverage = 'yes' | 'no' | 'partial' | 'unknown';

/** Which fund a part comes from: the company's total, the legal plan (< 50), or the branch's. */
export type FundKind = 'total' | 'legal' | 'conventional';

/** An amount in euros; min === max for one figure, min < max for a disputed range. */
export type CapRange = { min: number; max: number };

/** The figures one source states (a dispute lists each source's own). */
export type SourceFigures = {
  yearlyCapEur: number | null;
  hourlyCapEur: number | null;
  perActionCapEur: number | null;
  coverageRatePct: number | null;
  salary: SalaryCoverage;
};

/** One row of the research behind a figure. */
export type FigureSource = {
  /** line of the research file (header = 1) */
  line: number;
  opco: string;
  branch: string;
  /** how the lookup reached the row: it names the IDCC, or it is the OPCO's default rule */
  reach: 'idcc' | 'opco_default';
  url: string;
  reliability: FigureReliability;
  /** 'S1' or 'S2' for the two compilations, else null */
  label: string | null;
  /** the page's own update date (ISO), when the row states one */
  publishedOn: string | null;
  /** when the figure was read at its source (ISO), when the row states it */
  retrievedOn: string | null;
  /** the criteria year */
  year: number | null;
  status: CriteriaStatus;
  /** the source's own French words for the figure (≤ 200 characters), when the research quotes it */
  evidence: string | null;
  basis: AmountBasis | null;
  figures: SourceFigures;
};

/** The caps of one fund for the band. A cap the sources do not state is null. */
export type FundingTerms = {
  fund: FundKind;
  /** yearly cap per company; null: no yearly cap published for the band */
  yearlyCap: CapRange | null;
  /** cap per hour of training (pedagogical costs) */
  hourlyCap: CapRange | null;
  /** cap per training action */
  perActionCap: CapRange | null;
  /**
   * cap per trainee and per file. The research keeps these caps in its notes and quotes, not in a
   * column (e.g. OCAPIAT's « 8 000 euros HT/stagiaire/dossier »): null until it gives one; the
   * source's words are in `sources[].evidence`.
   */
  perTraineePerFileCap: CapRange | null;
  /** coverage rate in percent (OPCOs publish caps, rarely rates) */
  coverageRatePct: CapRange | null;
  /** minimum hours per action: no column of the research gives one (null) */
  minHours: number | null;
  salary: SalaryCoverage;
  /** of every € amount above; 'unknown' when a source does not state it or the sources differ */
  basis: AmountBasis;
  year: number | null;
  reliability: FigureReliability;
  /** 'disputed': the amounts are ranges between the sources; 'outdated': older criteria */
  status: 'current' | 'disputed' | 'outdated';
  /** one row, or every row of a dispute */
  sources: FigureSource[];
};

export type BudgetFigureKind = 'published' | 'range' | 'from_50' | 'unavailable';

export type BudgetFigure = {
  kind: BudgetFigureKind;
  /** the IDCC's OPCO (short name), null when the IDCC has none */
  opco: string | null;
  band: { min: number; max: number };
  /** published / range: one part, or legal + conventional; from_50 / unavailable: empty */
  parts: FundingTerms[];
  /** legal + conventional yearly caps, when both are amounts of the same basis */
  sum: CapRange | null;
  /** the oldest criteria year among the parts */
  year: number | null;
  /** the least reliable among the parts */
  reliability: FigureReliability | null;
  status: 'current' | 'disputed' | 'outdated' | null;
  /**
   * the date the criteria stand for (ISO): the page's update date, else January 1st of the
   * criteria year, else the reading date; the oldest among the parts. The screen says « plus de
   * 12 mois » against today's date (the answer may come from the cache).
   */
  criteriaDate: string | null;
  /**
   * 50 employees and more: the legal contributions fund the plan only under 50 (Code du travail,
   * art. L. 6332-3, 2°); from 50 on, the branch's conventional or the company's voluntary
   * contributions (art. R. 6332-15, II; L. 6332-1-2). A figure shown then is the branch's.
   */
  from50: boolean;
  /** the branch's criteria page when a row names the IDCC, else the OPCO's */
  criteriaUrl: string | null;
  /**
   * rows that reach the IDCC for the band without a figure (a percentage of a contribution, « sans
   * plafond »…): their words, so the screen says what the source says
   */
  notes: FigureSource[];
};
