/**
 * Attribution: visits counted by the server itself, without a cookie or a script (decision 111), and
 * where they come from. The app hands `onPageServed` of its counter to the site's static handler.
 */
export { createVisitCounter, type VisitCounter } from './counter.ts';
export { visitPeriodBounds } from './report.ts';
export { originConditions, FIRST_TOUCH_COLUMNS, type OriginFilter } from './origin-filter.ts';
export { daySalt, rotateSalts, purgeVisitorData, swissDay, visitorHash } from './salts.ts';
export { VISIT_SALTS_QUEUE } from './upkeep-job.ts';
export { submissionTouch, touchJson, firstSourceSql, FIRST_SOURCE_JSON, type Touch } from './touch.ts';
export type { FirstVisit } from './counter.ts';
