/**
 * "Inscriptions aux webinaires": a webinar selector (the given or the first webinar
 * is selected; changing it goes back to page 1), the registrations of that webinar with their
 * status badges, the whole webinar's counts from the API, and status changes, the
 * attendance import and the CSV export.
 */
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useState } from 'react';
import { PAGE_SIZE, SELECTOR_LIMIT } from '../../../lib/api.ts';
import { registrationQueries, registrationsExportUrl, webinarQueries } from '../queries.ts';
import { formatLong } from '../../../lib/dates.ts';
import { useQuery } from '../../../lib/query.ts';
import type { WebinarJson as Webinar } from '#contract/webinars';
import { $router } from '../../../stores/router.ts';
import { CalendarIcon, CheckIcon, ChevronUpDownIcon, DownloadIcon, FileIcon, PlusIcon } from '../../../ui/icons.tsx';
import { pageCount, Pagination } from '../../../ui/pagination.tsx';
import { buttonClass, Card, CardHeader, controlClass, cx, PageHeader, Spinner } from '../../../ui/primitives.tsx';
import { DownloadLink } from '../../../ui/DownloadLink.tsx';
import { RefreshButton } from '../../../ui/RefreshButton.tsx';
import { AttendanceImportDialog } from './AttendanceImportDialog.tsx';
import { RegistrationTable } from './RegistrationTable.tsx';

const optionLabel = (webinar: Webinar) => `${webinar.title} — ${formatLong(webinar.datetime)}`;

function WebinarSelect({ webinars, value, onChange }: { webinars: Webinar[]; value: number; onChange: (id: number) => void }) {
  const selected = webinars.find((webinar) => webinar.id === value);
  return (
    <Field className="min-w-0 flex-1">
      <Label className="mb-1.5 block text-sm font-medium text-slate-800">Sélectionner un webinaire</Label>
      <Listbox value={value} onChange={onChange}>
        <ListboxButton className={cx(controlClass, 'relative h-10 pr-9 text-left')}>
          <span className="block truncate">{selected ? optionLabel(selected) : `Webinaire n° ${value}`}</span>
          <ChevronUpDownIcon size={16} className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-400" />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-50 max-h-72 w-(--button-width) overflow-auto rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          {webinars.map((webinar) => (
            <ListboxOption key={webinar.id} value={webinar.id} className="group flex cursor-default items-start gap-2 rounded px-2 py-2 select-none data-focus:bg-accent-50">
              <CheckIcon size={16} className="invisible mt-0.5 shrink-0 text-accent-600 group-data-selected:visible" />
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{webinar.title}</span>
                <span className="block text-xs text-slate-500">{formatLong(webinar.datetime)}</span>
              </span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-100">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={cx('mt-1 text-2xl font-semibold tabular-nums', tone)}>{value}</dd>
    </div>
  );
}

export function RegistrationsView({ webinarId, onWebinarChange, headingLevel = 1 }: { webinarId?: number; onWebinarChange?: (id: number) => void; headingLevel?: 1 | 2 }) {
  const webinars = useQuery(webinarQueries.webinars(1, SELECTOR_LIMIT));
  const [chosen, setChosen] = useState<number | undefined>(webinarId);
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const selected = chosen ?? webinarId ?? webinars.data?.webinars[0]?.id;
  const registrations = useQuery(selected ? registrationQueries.registrations(selected, page) : null);
  const pages = pageCount(registrations.data?.pagination.total ?? 0, registrations.data?.pagination.limit ?? PAGE_SIZE);
  const stats = registrations.data?.stats ?? { total: 0, registered: 0, attended: 0, noShow: 0, waitlisted: 0, cancelled: 0 };

  function choose(id: number) {
    setChosen(id);
    setPage(1);
    onWebinarChange?.(id);
  }

  const title = 'Inscriptions aux webinaires';
  // Through the HTTP client, which asks for a recent proof when needed (docs/decisions/145-re-authentication.md);
  // the file keeps the API's name (Content-Disposition). A non-empty `download` keeps the client-side router's hands off it.
  const exportLink = (size: 'md' | 'sm') =>
    selected ? (
      <DownloadLink href={registrationsExportUrl(selected)} filename="inscriptions.csv" className={buttonClass('secondary', size)}>
        <DownloadIcon size={16} />
        Exporter en CSV
      </DownloadLink>
    ) : null;
  const header =
    headingLevel === 1 ? (
      <PageHeader title={title} description="Consultez les personnes inscrites à chaque webinaire." actions={exportLink('md')} />
    ) : (
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {exportLink('sm')}
      </div>
    );

  if (webinars.loading) {
    return (
      <>
        {header}
        <p className="flex items-center gap-2 py-10 text-sm text-slate-500" role="status">
          <Spinner /> Chargement des webinaires...
        </p>
      </>
    );
  }
  if (webinars.errorText && !webinars.data) {
    return (
      <>
        {header}
        <p role="alert" className="text-sm text-red-700">
          {webinars.errorText}
        </p>
      </>
    );
  }
  if (!selected) {
    return (
      <>
        {header}
        <Card className="flex flex-col items-center px-6 py-12 text-center">
          <span className="rounded-full bg-accent-50 p-3 text-accent-600">
            <CalendarIcon size={24} />
          </span>
          <p className="mt-4 text-base font-semibold text-slate-900">Aucun webinaire disponible</p>
          <p className="mt-1 max-w-md text-sm text-slate-600">Veuillez d'abord créer un webinaire avant de consulter les inscriptions.</p>
          <a href="/admin?tab=webinars" className={buttonClass('primary', 'md', 'mt-5')}>
            <PlusIcon size={16} />
            Créer un webinaire
          </a>
        </Card>
      </>
    );
  }

  return (
    <>
      {header}
      <Card className="mb-6 p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <WebinarSelect webinars={webinars.data?.webinars ?? []} value={selected} onChange={choose} />
          <RefreshButton
            fetching={registrations.fetching}
            onRefresh={() => {
              void registrations.refetch();
              void webinars.refetch();
            }}
          />
          <button type="button" className={buttonClass('secondary')} onClick={() => setImporting(true)}>
            <FileIcon size={16} />
            Importer les présents
          </button>
        </div>
      </Card>

      <Card className="mb-6" labelledBy="registration-stats">
        <CardHeader id="registration-stats" title="Statistiques" description="Sur l'ensemble du webinaire" />
        <dl className="grid grid-cols-2 gap-3 p-4 md:grid-cols-3 xl:grid-cols-6">
          <Stat label="Total des inscriptions" value={stats.total} tone="text-slate-900" />
          <Stat label="Inscrits" value={stats.registered} tone="text-blue-700" />
          <Stat label="Présents" value={stats.attended} tone="text-green-700" />
          <Stat label="Absents" value={stats.noShow} tone="text-red-700" />
          <Stat label="En liste d’attente" value={stats.waitlisted} tone="text-amber-700" />
          <Stat label="Annulés" value={stats.cancelled} tone="text-slate-600" />
        </dl>
      </Card>

      <Card>
        <RegistrationTable key={selected} webinarId={selected} registrations={registrations} />
        <div className="border-t border-slate-100">
          <Pagination page={page} pages={pages} onPage={setPage} label="Pagination des inscriptions" />
        </div>
      </Card>
      {importing ? <AttendanceImportDialog webinarId={selected} open onClose={() => setImporting(false)} /> : null}
    </>
  );
}

export function RegistrationsScreen({ webinarId }: { webinarId: string }) {
  const id = Number.parseInt(webinarId, 10);
  return (
    <RegistrationsView
      key={webinarId}
      webinarId={Number.isFinite(id) ? id : undefined}
      onWebinarChange={(next) => $router.open(window.location.pathname.replace(/\/[^/]+\/registrations$/, `/${next}/registrations`), true)}
    />
  );
}
