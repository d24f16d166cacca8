/** A webinar's own page (/admin/webinars/{id}): its details, their edition, and the way to its registrations. */
import { isHTTPError } from 'ky';
import { useState, type ReactNode } from 'react';
import { webinarLocationLabel } from '#contract/webinars';
import { webinarQueries } from './queries.ts';
import { formatLong, formatPPP } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { ArrowLeftIcon, CalendarIcon, ClockIcon, PencilIcon, ExternalIcon, MapPinIcon, UsersIcon } from '../../ui/icons.tsx';
import { CreateWebinarDialog } from './CreateWebinarDialog.tsx';
import placeholderUrl from '../../assets/placeholder.svg?url';
import { Alert, buttonClass, Card, cx, focusRing, Spinner } from '../../ui/primitives.tsx';
import { ActiveBadge } from '../../ui/badges.tsx';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 text-slate-400">{icon}</span>
      <div>
        <dt className="text-xs font-medium text-slate-500">{label}</dt>
        <dd className="text-sm text-slate-900">{children}</dd>
      </div>
    </div>
  );
}

function Cover({ url }: { url: string }) {
  const [src, setSrc] = useState(url);
  return <img src={src} alt="" className="h-48 w-full rounded-t-xl object-cover" onError={() => setSrc(placeholderUrl)} />;
}

export function WebinarDetail({ id }: { id: string }) {
  const webinar = useQuery(webinarQueries.webinar(id));
  const [editing, setEditing] = useState(false);
  const back = (
    <a href="/admin/webinars" className={cx('mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900', focusRing)}>
      <ArrowLeftIcon size={16} />
      Retour aux webinaires
    </a>
  );
  if (webinar.loading) {
    return (
      <div className="flex items-center gap-2 py-16 text-slate-500" role="status">
        <Spinner className="h-5 w-5" /> Chargement du webinaire...
      </div>
    );
  }
  if (!webinar.data) {
    return (
      <>
        {back}
        {isHTTPError(webinar.error) && webinar.error.response.status === 404 ? (
          <Alert title="Webinaire non trouvé">Ce webinaire n'existe pas ou a été supprimé.</Alert>
        ) : (
          <Alert title="Erreur">{webinar.errorText}</Alert>
        )}
      </>
    );
  }
  const data = webinar.data;
  return (
    <>
      {back}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{data.title}</h1>
            <ActiveBadge active={data.isActive} />
          </div>
          <p className="mt-1 text-sm text-slate-500">{formatLong(data.datetime)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={() => setEditing(true)}>
            <PencilIcon size={16} />
            Modifier
          </button>
          <a href={`/admin/webinars/${data.id}/registrations`} className={buttonClass('primary')}>
            <UsersIcon size={16} />
            Voir les inscriptions
          </a>
        </div>
      </div>
      {/* Mounted when opened: the form starts from the webinar as it is now. */}
      {editing ? <CreateWebinarDialog open webinar={data} onClose={() => setEditing(false)} /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="overflow-hidden lg:col-span-2">
          {data.imageUrl ? <Cover url={data.imageUrl} /> : null}
          <div className="p-5 sm:p-6">
            <h2 className="text-base font-semibold text-slate-900">Description</h2>
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-700">{data.description || 'Aucune description.'}</p>
          </div>
        </Card>
        <Card className="p-5 sm:p-6">
          <h2 className="mb-4 text-base font-semibold text-slate-900">Informations</h2>
          <dl className="space-y-4">
            <Fact icon={<CalendarIcon size={18} />} label="Date">
              {formatLong(data.datetime)}
            </Fact>
            <Fact icon={<ClockIcon size={18} />} label="Durée">
              {data.duration} minutes
            </Fact>
            <Fact icon={<MapPinIcon size={18} />} label="Lieu">
              {webinarLocationLabel(data.location)}
            </Fact>
            <Fact icon={<UsersIcon size={18} />} label="Nombre maximum de participants">
              {data.maxAttendees}
            </Fact>
            {data.registrationUrl ? (
              <Fact icon={<ExternalIcon size={18} />} label="URL d'inscription">
                <a href={data.registrationUrl} target="_blank" rel="noopener noreferrer" className="break-all text-accent-700 hover:underline">
                  {data.registrationUrl}
                </a>
              </Fact>
            ) : null}
            <Fact icon={<ExternalIcon size={18} />} label="Lien de connexion">
              {data.joinUrl ? (
                <a href={data.joinUrl} target="_blank" rel="noopener noreferrer" className="break-all text-accent-700 hover:underline">
                  {data.joinUrl}
                </a>
              ) : (
                'Pas encore de lien'
              )}
            </Fact>
            <Fact icon={<CalendarIcon size={18} />} label="Créé le">
              {formatPPP(data.createdAt)}
            </Fact>
          </dl>
        </Card>
      </div>
    </>
  );
}
