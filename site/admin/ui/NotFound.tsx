import { ArrowLeftIcon } from './icons.tsx';
import { buttonClass, Card } from './primitives.tsx';

/** Any admin path without a screen, including the sidebar entries not built yet. */
export function NotFound() {
  return (
    <Card className="mx-auto mt-8 max-w-lg px-6 py-12 text-center">
      <p className="text-sm font-semibold text-accent-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Page non trouvée</h1>
      <p className="mt-2 text-sm text-slate-600">Cette page n'existe pas ou n'est pas encore implémentée.</p>
      <a href="/admin" className={buttonClass('primary', 'md', 'mt-6')}>
        <ArrowLeftIcon size={16} />
        Retour au tableau de bord
      </a>
    </Card>
  );
}
