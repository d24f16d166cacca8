/**
 * The account menu of the sidebar footer: Profil, Paramètres, Se déconnecter.
 * Loaded on first use (see Layout.tsx), then opened at once with the button that was pressed.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { LogoutIcon, SettingsIcon, UserIcon } from './icons.tsx';

export interface AccountMenuProps {
  /** The face of the button (avatar, name, email). */
  children: ReactNode;
  buttonClassName: string;
  openAtOnce: boolean;
  onNavigate?: () => void;
  onSignOut: () => void;
}

export default function AccountMenu({ children, buttonClassName, openAtOnce, onNavigate, onSignOut }: AccountMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!openAtOnce) return;
    button.current?.focus();
    button.current?.click();
  }, [openAtOnce]);
  const base = 'flex w-full items-center gap-2 rounded px-2 py-2 text-left';
  const item = `${base} text-slate-700 data-focus:bg-slate-100`;
  return (
    <Menu>
      <MenuButton ref={button} className={buttonClassName}>
        {children}
      </MenuButton>
      <MenuItems anchor={{ to: 'top start', gap: 6 }} className="z-50 w-(--button-width) min-w-52 rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none">
        <MenuItem>
          <a href="/admin/profile" onClick={onNavigate} className={item}>
            <UserIcon size={16} /> Profil
          </a>
        </MenuItem>
        <MenuItem>
          <a href="/admin/settings" onClick={onNavigate} className={item}>
            <SettingsIcon size={16} /> Paramètres
          </a>
        </MenuItem>
        <div className="my-1 h-px bg-slate-100" role="none" />
        <MenuItem>
          <button type="button" onClick={onSignOut} className={`${base} text-red-700 data-focus:bg-red-50`}>
            <LogoutIcon size={16} /> Se déconnecter
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
