/**
 * The left sheet holding the sidebar on small screens; loaded when first opened. It slides in with a CSS
 * animation, not Headless UI's `transition`: closing during that transition deadlocks the dialog
 * (https://github.com/tailwindlabs/headlessui/issues/3892), see decision 083.
 */
import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';
import { buttonClass } from './primitives.tsx';

export default function Sheet({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} aria-label="Menu de navigation" className="fixed inset-0 z-50 lg:hidden">
      <DialogBackdrop className="backdrop-enter fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex">
        <DialogPanel className="sheet-enter relative flex w-full max-w-72 flex-col shadow-xl">
          <button type="button" onClick={onClose} className={buttonClass('ghost', 'icon', 'absolute top-3.5 right-3 z-10')}>
            <CloseIcon />
            <span className="sr-only">Fermer le menu</span>
          </button>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
