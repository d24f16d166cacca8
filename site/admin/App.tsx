/**
 * The back office: one client-side app for /admin*, /simple-admin* and /admin-dev*.
 * Signed out, /admin* goes to /api/login (which lands on /login) and /simple-admin to /login;
 * /admin-dev renders without sign-in and its data calls answer 401 → /login.
 * An account that must add a second factor sees only the enrolment screen: the current user says so, and
 * any call answering 403 `enrolmentRequired` switches to it (docs/decisions/149-second-factor-screens.md).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { isUnauthorized } from './lib/http.ts';
import { setUnauthorizedHandler } from './lib/query.ts';
import { $router, goToSignIn } from './stores/router.ts';
import { $enrolmentRequired, requireEnrolment } from './stores/enrolment.ts';
import { isEnrolmentRequired } from './features/accounts/second-factor-api.ts';
import { $session, loadSession, type CurrentUser } from './stores/session.ts';
import { AdminLayout } from './ui/Layout.tsx';
import { Alert, buttonClass, Spinner } from './ui/primitives.tsx';
import { Toaster } from './ui/Toaster.tsx';
import { ReauthDialog } from './features/accounts/ReauthDialog.tsx';
import { Dashboard } from './features/dashboard/Dashboard.tsx';
import { NotFound } from './ui/NotFound.tsx';

// The dashboard ships with the app; every other screen is its own chunk, loaded on first visit,
// so the dashboard's JavaScript stays small (forms and their validation load with the forms).
const AdminDev = lazy(() => import('./features/admin-dev/AdminDev.tsx').then((m) => ({ default: m.AdminDev })));
const LeadDetail = lazy(() => import('./features/contacts/LeadDetail.tsx').then((m) => ({ default: m.LeadDetail })));
const LeadForm = lazy(() => import('./features/contacts/LeadForm.tsx').then((m) => ({ default: m.LeadForm })));
const LeadsList = lazy(() => import('./features/contacts/LeadsList.tsx').then((m) => ({ default: m.LeadsList })));
const RegistrationsScreen = lazy(() => import('./features/webinars/registrations/Registrations.tsx').then((m) => ({ default: m.RegistrationsScreen })));
const WebinarDetail = lazy(() => import('./features/webinars/WebinarDetail.tsx').then((m) => ({ default: m.WebinarDetail })));
const Emails = lazy(() => import('./features/emails/Emails.tsx').then((m) => ({ default: m.Emails })));
const EmailDetail = lazy(() => import('./features/emails/EmailDetail.tsx').then((m) => ({ default: m.EmailDetail })));
const Newsletters = lazy(() => import('./features/newsletters/Newsletters.tsx').then((m) => ({ default: m.Newsletters })));
const NewsletterEditor = lazy(() => import('./features/newsletters/NewsletterEditor.tsx').then((m) => ({ default: m.NewsletterEditor })));
const Sequences = lazy(() => import('./features/sequences/Sequences.tsx').then((m) => ({ default: m.Sequences })));
const SequenceEditor = lazy(() => import('./features/sequences/SequenceEditor.tsx').then((m) => ({ default: m.SequenceEditor })));
const SequenceStats = lazy(() => import('./features/sequences/SequenceStats.tsx').then((m) => ({ default: m.SequenceStats })));
const Bookings = lazy(() => import('./features/booking/Bookings.tsx').then((m) => ({ default: m.Bookings })));
const Tasks = lazy(() => import('./features/activities/Tasks.tsx').then((m) => ({ default: m.Tasks })));
const Analytics = lazy(() => import('./features/analytics/Analytics.tsx').then((m) => ({ default: m.Analytics })));
const ActivityFeed = lazy(() => import('./features/activities/ActivityFeed.tsx').then((m) => ({ default: m.ActivityFeed })));
const Settings = lazy(() => import('./features/operations/Settings.tsx').then((m) => ({ default: m.Settings })));
const Tags = lazy(() => import('./features/tags/Tags.tsx').then((m) => ({ default: m.Tags })));
const Webinars = lazy(() => import('./features/webinars/Webinars.tsx').then((m) => ({ default: m.Webinars })));
const SecondFactorPage = lazy(() => import('./features/accounts/SecondFactorPage.tsx').then((m) => ({ default: m.SecondFactorPage })));

setUnauthorizedHandler((error) => {
  if (isUnauthorized(error)) goToSignIn();
  else if (isEnrolmentRequired(error)) requireEnrolment();
});

function Screen({ user }: { user: CurrentUser }) {
  const page = useStore($router);
  switch (page?.route) {
    case 'dashboard':
      return page.search.tab === 'webinars' ? <Webinars /> : <Dashboard />;
    case 'simpleAdmin':
      return <Dashboard />;
    case 'leads':
      return <LeadsList />;
    case 'leadNew':
      return <LeadForm />;
    case 'lead':
      return <LeadDetail key={page.params.id} id={page.params.id} />;
    case 'leadEdit':
      return <LeadForm key={page.params.id} id={page.params.id} />;
    case 'webinars':
      return <Webinars />;
    case 'webinar':
      return <WebinarDetail key={page.params.id} id={page.params.id} />;
    case 'webinarRegistrations':
    case 'webinarRegistrationsAlt':
      return <RegistrationsScreen key={page.params.id} webinarId={page.params.id} />;
    case 'emails':
      return <Emails />;
    case 'tags':
      return <Tags />;
    case 'settings':
    case 'profile':
      return <Settings tab="profil" user={user} />;
    case 'settingsTab':
      return <Settings tab={page.params.tab} user={user} />;
    case 'newsletters':
      return <Newsletters />;
    case 'newsletterNew':
      return <NewsletterEditor key="new" />;
    case 'newsletter':
      return <NewsletterEditor key={page.params.id} id={page.params.id} />;
    case 'sequences':
      return <Sequences />;
    case 'sequenceNew':
      return <SequenceEditor key="new" />;
    case 'sequence':
      return <SequenceEditor key={page.params.id} id={page.params.id} />;
    case 'sequenceStats':
      return <SequenceStats key={page.params.id} id={page.params.id} />;
    case 'email':
      return <EmailDetail key={page.params.id} id={page.params.id} />;
    case 'tasks':
      return <Tasks />;
    case 'bookings':
      return <Bookings />;
    case 'analytics':
      return <Analytics />;
    case 'activityFeed':
      return <ActivityFeed />;
    default:
      return <NotFound />;
  }
}

function Loading() {
  return (
    <p className="flex items-center gap-2 py-16 text-sm text-slate-500" role="status">
      <Spinner className="h-5 w-5 text-accent-600" /> Chargement…
    </p>
  );
}

function FullPage({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">{children}</div>;
}

export default function AdminApp() {
  const page = useStore($router);
  const session = useStore($session);
  // The session says so at load (`GET /api/simple-auth/user`), a refused call on the way (403 `enrolmentRequired`).
  const enrolmentRequired = useStore($enrolmentRequired) || (session.status === 'ready' && session.user?.enrolmentRequired === true);
  const open = page?.route === 'adminDev';

  useEffect(() => {
    void loadSession();
  }, []);

  const signedOut = session.status === 'ready' && session.user === null;
  useEffect(() => {
    if (signedOut && !open) goToSignIn();
  }, [signedOut, open]);

  useEffect(() => {
    const names: Record<string, string> = {
      adminDev: 'Administration',
      leads: 'Contacts',
      webinars: 'Webinaires',
      tasks: 'Tâches',
      bookings: 'Appels découverte',
      analytics: 'Analytiques',
      activityFeed: 'Activité',
      tags: 'Tags',
      newsletters: 'Newsletters',
      newsletterNew: 'Newsletters',
      newsletter: 'Newsletters',
      sequences: 'Séquences',
      sequenceNew: 'Séquences',
      sequence: 'Séquences',
      sequenceStats: 'Séquences',
      settings: 'Paramètres',
      settingsTab: 'Paramètres',
      profile: 'Profil',
      secondFactor: 'Second facteur',
    };
    document.title = `${(page?.route && names[page.route]) || 'Administration'} | Inner Circle`;
  }, [page?.route]);

  let content: ReactNode;
  if (open) {
    content = (
      <Suspense fallback={<Loading />}>
        <AdminDev />
      </Suspense>
    );
  } else if (session.status === 'error') {
    content = (
      <FullPage>
        <div className="w-full max-w-md">
          <Alert title="Impossible de vérifier votre session">
            <p>{session.message}</p>
            <button type="button" className={buttonClass('secondary', 'sm', 'mt-3')} onClick={() => void loadSession()}>
              Réessayer
            </button>
          </Alert>
        </div>
      </FullPage>
    );
  } else if (session.status === 'loading' || session.user === null) {
    content = (
      <FullPage>
        <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
          <Spinner className="h-5 w-5 text-accent-600" /> Chargement…
        </p>
      </FullPage>
    );
  } else if (enrolmentRequired || page?.route === 'secondFactor') {
    content = (
      <Suspense fallback={<Loading />}>
        <SecondFactorPage user={session.user} required={enrolmentRequired} />
      </Suspense>
    );
  } else {
    content = (
      <AdminLayout user={session.user}>
        <Suspense fallback={<Loading />}>
          <Screen user={session.user} />
        </Suspense>
      </AdminLayout>
    );
  }
  return (
    <>
      {content}
      <ReauthDialog />
      <Toaster />
    </>
  );
}
