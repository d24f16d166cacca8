import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import type { ReactNode } from 'react';
import { DotsIcon, TrashIcon } from './icons.tsx';
import { buttonClass, cx } from './primitives.tsx';
import { useCanEdit } from '../stores/session.ts';

/** A table row's "…" menu: links to the row's screens, then "Supprimer" (contacts list and webinars list). */
export function RowActionsMenu({ label, links, onDelete, width = 'w-40' }: { label: string; links: Array<{ href: string; icon: ReactNode; text: string }>; onDelete: () => void; width?: string }) {
  // A viewer (« Lecture seule ») sees the links, not "Supprimer".
  const canEdit = useCanEdit();
  const base = 'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left';
  const item = `${base} text-slate-700 data-focus:bg-slate-100`;
  return (
    <Menu>
      <MenuButton className={buttonClass('ghost', 'icon')}>
        <DotsIcon />
        <span className="sr-only">Actions pour {label}</span>
      </MenuButton>
      <MenuItems anchor={{ to: 'bottom end', gap: 4 }} className={cx('z-40 rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none', width)}>
        {links.map((link) => (
          <MenuItem key={link.href}>
            <a href={link.href} className={item}>
              {link.icon} {link.text}
            </a>
          </MenuItem>
        ))}
        {canEdit ? (
          <SeparatedMenuAction onClick={onDelete} className={`${base} text-red-700 data-focus:bg-red-50`}>
            <TrashIcon size={16} /> Supprimer
          </SeparatedMenuAction>
        ) : null}
      </MenuItems>
    </Menu>
  );
}

/** A menu's last entry, set apart by a line: "Supprimer" in a row's menu, "Effacer les filtres". */
export function SeparatedMenuAction({ onClick, className, children }: { onClick: () => void; className: string; children: ReactNode }) {
  return (
    <>
      <MenuSeparator className="my-1 h-px bg-slate-100" />
      <MenuItem>
        <button type="button" onClick={onClick} className={className}>
          {children}
        </button>
      </MenuItem>
    </>
  );
}
