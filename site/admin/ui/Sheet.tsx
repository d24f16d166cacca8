/** The left sheet holding the sidebar on small screens; loaded when first opened. */
import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';
import { buttonClass } from './primitives.tsx';

export default function Sheet({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} aria-label="Menu de navigation" className="fixed inset-0 z-50 lg:hidden">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          className="relative flex w-full max-w-72 flex-col shadow-xl transition duration-200 ease-out data-closed:-translate-x-full"
        >
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
