/**
 * What a study hands to the report writer. A report is a folder: index.html (works
 * offline), each chart as .vl.json, .svg and .png, each table as .csv and .json, and
 * meta.json with the exact command, seed, versions and sample sizes.
 */

/** A Vega-Lite specification (kept loose here; charts.ts builds typed ones). */
export type VegaLiteSpec = Record<string, unknown>;

export interface ReportChart {
  readonly kind: 'chart';
  /** File stem, [a-z0-9-]. */
  readonly id: string;
  readonly title: string;
  /** One or two sentences: what to look at. */
  readonly caption?: string;
  readonly spec: VegaLiteSpec;
}

export interface ReportTable {
  readonly kind: 'table';
  readonly id: string;
  readonly title: string;
  readonly caption?: string;
  readonly rows: readonly Readonly<Record<string, string | number | boolean | null>>[];
}

export interface ReportText {
  readonly kind: 'text';
  /** Plain text paragraphs (escaped when rendered). */
  readonly text: string;
}

export type ReportBlock = ReportChart | ReportTable | ReportText;

export interface ReportSection {
  readonly heading: string;
  readonly blocks: readonly ReportBlock[];
}

export interface ReportVerdict {
  /** One-line finding, stated only as strongly as its interval supports. */
  readonly statement: string;
  /** The numbers behind it (estimate, interval, n). */
  readonly evidence: string;
  /**
   * 'supported' when the interval excludes the null (after the report's multiplicity
   * correction); 'inconclusive' otherwise; 'warning' for a fact about the evidence itself
   * that a reader must see before any finding (failed games, games stopped at a cap).
   */
  readonly strength: 'supported' | 'inconclusive' | 'warning';
}

export interface Report {
  /** Folder name under reports/, [a-z0-9-]. */
  readonly id: string;
  readonly title: string;
  readonly gameId: string;
  /** The question the study answers, in the user's words. */
  readonly question: string;
  readonly verdicts: readonly ReportVerdict[];
  readonly sections: readonly ReportSection[];
  /**
   * Set for the quick version of a study: the report then carries a "quick sample —
   * leads, not conclusions" banner with this text (what `--full` adds).
   */
  readonly quick?: string;
  readonly meta: {
    readonly command: string;
    readonly seed: string | number;
    /** e.g. { "games per matchup": 200, "total games": 3200 } */
    readonly sampleSizes: Readonly<Record<string, number>>;
    /** Anything else worth recording: agents, options, durations. */
    readonly details?: Readonly<Record<string, unknown>>;
  };
}
