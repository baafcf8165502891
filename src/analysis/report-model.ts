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

/**
 * One key verdict quantity of a study (a type matchup, a house-rule effect, a price), as
 * data, so the same study run under other agents can be compared finding by finding
 * (see analysis/skill.ts). The interval is at the level the study tested it at (after its
 * own multiplicity correction), so "significant" means what the study's verdict says.
 */
export interface KeyFinding {
  /** Stable across runs of the study (matches findings of two agent sets), [a-z0-9-]. */
  readonly id: string;
  /** What it measures, e.g. "Heavy vs Light: Heavy's win share". */
  readonly label: string;
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  /** The no-effect value (0.5 for a share, 0 for a difference). */
  readonly nullValue: number;
  /** Independent units behind it (pairs, games). */
  readonly n: number;
  /** Confidence level of [lo, hi] (e.g. 0.9917 for the strongest of six under Holm). */
  readonly level: number;
  /** The test family it was corrected in, e.g. "Holm over 6 matchups" or "single test". */
  readonly family: string;
  /**
   * The independent units the estimate is the mean of, when it is one: what a --precision
   * run's anytime-valid interval (a betting confidence sequence, experiments/precision.ts)
   * is computed from. Give them only when the units are independent draws of one
   * distribution from a table the design fixes (not one chosen from the data), in the
   * order they were played; absent, a --precision run widens [lo, hi] over its rounds.
   */
  readonly units?: FindingUnits;
}

/** A finding's units: values in play order (index order; a --precision round's after the rounds before it) and the range they lie in. */
export interface FindingUnits {
  readonly values: readonly number[];
  /** A share: [0, 1]; a difference of two shares: [−1, 1]. */
  readonly range: readonly [number, number];
}

/** One of the user's own items (a power, hero, card or deck of their file) as a report measured it. */
export interface YourItem {
  /** The item's name in the user's file (not its id). */
  readonly name: string;
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  /** Confidence level of [lo, hi] (after the study's multiplicity correction). */
  readonly level: number;
  /** Independent units behind it (pairs, games). */
  readonly n: number;
  /** One short sentence: the verdict about this item, as strong as its interval allows. */
  readonly verdict: string;
  readonly strength: 'supported' | 'inconclusive';
}

/** An item of the study's own content measured the same way: the field a user item is ranked in. */
export interface FieldItem {
  readonly name: string;
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * The user's content (--power-file, --hero-file, --card-file, --deck-file) as the study
 * measured it: the report opens with it, and the reports index's first card gathers it.
 */
export interface YourContent {
  /** What the estimate is, e.g. "fair price in Energy" or "field share (mean pair share)". */
  readonly measure: string;
  /** What the items are ranked among, e.g. "the 40 random heroes"; rank 1 is the highest estimate. */
  readonly fieldName: string;
  /** The no-effect value drawn as a dashed line (0.5 for a share). */
  readonly nullValue?: number;
  /** What the measure can take (a share change: −1 to 1); a share (a no-effect value inside 0–1) is bounded to [0, 1] without it. */
  readonly bounds?: { readonly min: number; readonly max: number };
  readonly items: readonly YourItem[];
  readonly field: readonly FieldItem[];
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
  /** The user's own items as this study measured them (absent without a user content file). */
  readonly yourContent?: YourContent;
  /** The study's key verdict quantities as data (optional; the skill-sensitivity section compares them). */
  readonly findings?: readonly KeyFinding[];
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
