/** Lead counting lives in core (the statistics read it too); re-exported for the runner. */
export { leader, LeadCounter } from '../core/leads.js';
