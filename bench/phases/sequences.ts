/**
 * Sequences (bench/sequences.ts, decision 150): entering 10,000 people (the smallest of `--sizes`), the
 * rate of a step due for all of them beside the newsletters' rate in the same run, and lead capture
 * during the send.
 */
import { benchSequences, renderSequencesSection, sequencesTargets, sequencesWhatWouldReach } from '../sequences.ts';
import { definePhase } from '../phase.ts';

export const sequencesPhase = definePhase({
  name: 'sequences',
  key: 'sequences',
  run: (context) => benchSequences({ siteDistDir: context.siteDistDir, durationS: context.durationS, paceSeconds: context.quick ? 60 : 300, people: Math.min(...context.sizes) }),
  targets: (result) => sequencesTargets(result),
  whatWouldReach: (_miss, result, results) => sequencesWhatWouldReach(result, results.machine.cpus),
  report: (result, measured) => renderSequencesSection(result, `## 10b. Sequences: entering and sending a step ${measured}`),
});
