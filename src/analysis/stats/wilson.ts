/** The Wilson interval lives in core (the runner's summaries need it too); re-exported for analysis. */
export * from '../../core/wilson.js';
