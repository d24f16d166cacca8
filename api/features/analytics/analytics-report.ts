/** "Générer un rapport": the analytics of a period as one Swiss Excel CSV, one figure a row. */
import { ANALYTICS_PERIOD_LABELS } from '../../contract/analytics-periods.ts';
import { LEAD_SOURCES, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '../../contract/options.ts';
import { swissCsvDay as swissDay, swissCsvText } from '../../platform/lib/csv.ts';
import type { Analytics } from './contract/index.ts';

export const REPORT_HEADER = ['Rubrique', 'Élément', 'Date', 'Valeur'];

/** "85,7": a Swiss French spreadsheet reads a decimal comma. */
const percent = (value: number | null) => (value === null ? null : String(value).replace('.', ','));

export function analyticsReportCsv(data: Analytics): string {
  const rows: Array<Array<string | number | null>> = [
    ['Période', ANALYTICS_PERIOD_LABELS[data.period], null, null],
    ['Période', 'Début', swissDay(data.from), null],
    ['Période', 'Fin', swissDay(data.to), null],
  ];
  for (const week of data.newContacts) {
    const day = week.week.split('-').reverse().join('.');
    for (const source of LEAD_SOURCES) rows.push(['Nouveaux contacts par semaine', LEAD_SOURCE_LABELS[source], day, week.counts[source]]);
    rows.push(['Nouveaux contacts par semaine', 'Total', day, week.total]);
  }
  rows.push(
    ['Entonnoir des webinaires', 'Inscrits', null, data.funnel.registered],
    ['Entonnoir des webinaires', 'Présents', null, data.funnel.attended],
    ['Entonnoir des webinaires', 'Demande de contact', null, data.funnel.contactRequested],
    ['Entonnoir des webinaires', 'Qualifiés', null, data.funnel.qualified],
  );
  for (const session of data.sessions) {
    rows.push(
      ['Sessions', `${session.title} : inscriptions`, swissDay(session.datetime), session.registrations],
      ['Sessions', `${session.title} : présents`, swissDay(session.datetime), session.attended],
      ['Sessions', `${session.title} : taux de présence (%)`, swissDay(session.datetime), percent(session.attendanceRate)],
    );
  }
  for (const { status, count } of data.statuses) rows.push(['Contacts par statut', LEAD_STATUS_LABELS[status], null, count]);
  for (const week of data.calls.weeks) {
    const day = week.week.split('-').reverse().join('.');
    rows.push(
      ['Appels découverte par semaine', 'Réservés', day, week.booked],
      ['Appels découverte par semaine', 'Effectués', day, week.held],
      ['Appels découverte par semaine', 'Absents', day, week.noShow],
    );
  }
  rows.push(
    ['Du webinaire à l’appel', 'Inscrits à un webinaire', null, data.calls.funnel.signedUp],
    ['Du webinaire à l’appel', 'Appel réservé', null, data.calls.funnel.booked],
    ['Du webinaire à l’appel', 'Appel effectué', null, data.calls.funnel.held],
  );
  return swissCsvText(REPORT_HEADER, rows);
}
