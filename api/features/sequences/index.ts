/**
 * Sequences (docs/decisions/150-sequences-engine.md): e-mails that follow a contact's step in the funnel
 * and stop when it changes. What other features and the tools may use of it.
 */
export { runSequences, exitRuns, enterRuns, sendDueSteps, SEQUENCES_QUEUE, ENTRY_MAX_AGE_DAYS } from './engine.ts';
export { nextOpening } from './window.ts';
