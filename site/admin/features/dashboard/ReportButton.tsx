/**
 * "Générer un rapport" (decision 072): the period's figures of the analytics screen as a CSV the browser
 * downloads (Swiss Excel format, built by the server). A plain link: no JavaScript to load for it.
 */
import { useState } from 'react';
import { ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS, type AnalyticsPeriod } from '#contract';
import { adminBase } from '../../lib/http.ts';
import { FileIcon } from '../../ui/icons.tsx';
import { buttonClass, controlClass, cx, LabelledOptions } from '../../ui/primitives.tsx';

export function ReportButton() {
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="report-period" className="sr-only">
        Période du rapport
      </label>
      <select id="report-period" className={cx(controlClass, 'h-10 w-auto')} value={period} onChange={(event) => setPeriod(event.target.value as AnalyticsPeriod)}>
        <LabelledOptions values={ANALYTICS_PERIODS} labels={ANALYTICS_PERIOD_LABELS} />
      </select>
      {/* A named `download` (an empty one is falsy): the client router leaves the link to the browser. */}
      <a href={`${adminBase()}/analytics/report.csv?period=${period}`} download={`rapport-${period}.csv`} className={buttonClass('secondary')}>
        <FileIcon size={16} />
        Générer un rapport
      </a>
    </div>
  );
}
