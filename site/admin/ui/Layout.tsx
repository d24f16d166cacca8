/**
 * The signed-in frame: sidebar with its eight links (fixed on wide screens, a left
 * sheet on small ones that closes after a choice) and the account menu in its footer.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { errorMessage } from '../lib/http.ts';
import { $router, leaveTo } from '../stores/router.ts';
import { logout, type CurrentUser } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { CalendarIcon, ChartIcon, ChevronUpDownIcon, HomeIcon, MailIcon, MenuIcon, SettingsIcon, TagIcon, TasksIcon, UsersIcon } from './icons.tsx';
import { Brand } from './Logo.tsx';
import { Avatar, buttonClass, cx, focusRing, fullName } from './primitives.tsx';

const loadAccountMenu = () => import('./AccountMenu.tsx');
const AccountMenu = lazy(loadAccountMenu);
const preloadAccountMenu = () => void loadAccountMenu();
const Sheet = lazy(() => import('./Sheet.tsx'));

export const NAV_LINKS: { href: string; label: string; icon: ComponentType<{ className?: string }> }[] = [
  { href: '/admin', label: 'Tableau de bord', icon: HomeIcon },
  { href: '/admin/leads', label: 'Contacts', icon: UsersIcon },
  { href: '/admin/webinars', label: 'Webinaires', icon: CalendarIcon },
  { href: '/admin/tags', label: 'Tags', icon: TagIcon },
  { href: '/admin/tasks', label: 'Tâches', icon: TasksIcon },
  { href: '/admin/emails', label: 'Emails', icon: MailIcon },
  { href: '/admin/analytics', label: 'Analytiques', icon: ChartIcon },
  { href: '/admin/settings', label: 'Paramètres', icon: SettingsIcon },
];

/**
 * A link is active when the path equals it or continues it after a slash. "/admin"
 * prefixes every link, so only the longest matching link is marked (one current page).
 * /simple-admin is the dashboard, /admin?tab=webinars and /admin/webinar/… belong to webinars, and
 * the agenda of calls (/admin/bookings, reached from Tâches) to Tâches: the sidebar keeps its entries.
 */
export function activeLink(path: string, tab?: string): string | undefined {
  let current = path.replace(/\/+$/, '') || '/';
  if (current === '/simple-admin') current = '/admin';
  if (current === '/admin' && tab === 'webinars') current = '/admin/webinars';
  if (current.startsWith('/admin/webinar/')) current = '/admin/webinars';
  if (current === '/admin/bookings') current = '/admin/tasks';
  const matches = NAV_LINKS.filter(({ href }) => current === href || current.startsWith(`${href}/`));
  return matches.sort((a, b) => b.href.length - a.href.length)[0]?.href;
}

/** The avatar: profile image, else first name's initial, else email's initial, else "U". */
export function avatarLetter(user: Pick<CurrentUser, 'firstName' | 'email'> | null): string {
  return (user?.firstName?.trim()[0] ?? user?.email?.trim()[0] ?? 'U').toUpperCase();
}

function SidebarContent({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const page = useStore($router);
  const current = activeLink(page?.path ?? window.location.pathname, page?.search.tab);
  const name = fullName(user) || user.username;
  // The menu code (and the positioning library it brings) loads when the menu is first opened,
  // keeping it out of the dashboard's initial JavaScript; hovering or focusing warms it up.
  const [menuLoaded, setMenuLoaded] = useState(false);

  async function signOut() {
    try {
      await logout();
      leaveTo('/login');
    } catch (error) {
      toast({ title: 'Erreur de déconnexion', description: errorMessage(error), variant: 'destructive' });
    }
  }

  const face = (
    <>
      <Avatar text={avatarLetter(user)} imageUrl={user.profileImageUrl} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
        <span className="block truncate text-xs text-slate-600">{user.email}</span>
      </span>
      <ChevronUpDownIcon size={16} className="shrink-0 text-slate-400" />
      <span className="sr-only">Ouvrir le menu du compte</span>
    </>
  );
  const buttonClassName = cx('flex w-full items-center gap-2.5 rounded-md p-2 text-left hover:bg-slate-100', focusRing);
  const placeholder = (
    <button type="button" aria-haspopup="menu" aria-expanded="false" className={buttonClassName} onPointerEnter={preloadAccountMenu} onFocus={preloadAccountMenu} onClick={() => setMenuLoaded(true)}>
      {face}
    </button>
  );

  return (
    <div className="flex h-full flex-col bg-white">
      <div className="flex h-16 shrink-0 items-center border-b border-slate-100 px-5">
        <a href="/admin" className={cx('rounded-md', focusRing)} onClick={onNavigate}>
          <Brand />
        </a>
      </div>
      <nav aria-label="Navigation principale" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {NAV_LINKS.map(({ href, label, icon: Icon }) => {
            const active = current === href;
            return (
              <li key={href}>
                <a
                  href={href}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cx(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    focusRing,
                    active ? 'bg-accent-50 text-accent-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <Icon className={active ? 'text-accent-600' : 'text-slate-400'} />
                  {label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-100 p-3">
        {menuLoaded ? (
          <Suspense fallback={placeholder}>
            <AccountMenu buttonClassName={buttonClassName} openAtOnce onNavigate={onNavigate} onSignOut={() => void signOut()}>
              {face}
            </AccountMenu>
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </div>
  );
}

export function AdminLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sheet (a dialog) is only needed on small screens: its code loads when first opened.
  const [sheetWanted, setSheetWanted] = useState(false);
  return (
    <div className="min-h-dvh bg-slate-50">
      <a href="#contenu" target="_self" className="sr-only z-[70] rounded-md bg-white px-3 py-2 text-sm font-medium text-accent-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Aller au contenu
      </a>
      <aside aria-label="Barre latérale" className="hidden border-r border-slate-200 lg:fixed lg:inset-y-0 lg:left-0 lg:flex lg:w-64 lg:flex-col">
        <SidebarContent user={user} />
      </aside>

      {sheetWanted ? (
        <Suspense fallback={null}>
          <Sheet open={sheetOpen} onClose={() => setSheetOpen(false)}>
            <SidebarContent user={user} onNavigate={() => setSheetOpen(false)} />
          </Sheet>
        </Suspense>
      ) : null}

      <div className="lg:pl-64">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur lg:hidden">
          <button
            type="button"
            onClick={() => {
              setSheetWanted(true);
              setSheetOpen(true);
            }}
            className={buttonClass('ghost', 'icon', '-ml-1.5')}
            aria-expanded={sheetOpen}
          >
            <MenuIcon />
            <span className="sr-only">Ouvrir le menu</span>
          </button>
          <Brand />
        </header>
        <main id="contenu" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
