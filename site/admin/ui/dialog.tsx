/**
 * Modal dialogs on Headless UI: focus trapped, Escape closes, title and description announced. The entrance
 * is a CSS animation rather than Headless UI's `transition`, which deadlocks when the dialog closes while
 * entering (https://github.com/tailwindlabs/headlessui/issues/3892, decision 083).
 */
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode, SubmitEvent } from 'react';
import { CloseIcon } from './icons.tsx';
import { buttonClass, cx, Spinner } from './primitives.tsx';

export function Modal(props: { open: boolean; onClose: () => void; title: string; description?: ReactNode; children: ReactNode; size?: 'sm' | 'lg' }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="backdrop-enter fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-3 sm:items-center sm:p-6">
          <DialogPanel className={cx('dialog-enter relative w-full rounded-xl bg-white p-5 shadow-xl sm:p-6', props.size === 'lg' ? 'max-w-2xl' : 'max-w-md')}>
            <button type="button" onClick={props.onClose} className={buttonClass('ghost', 'icon', 'absolute top-3 right-3')}>
              <CloseIcon />
              <span className="sr-only">Fermer</span>
            </button>
            <DialogTitle className="pr-8 text-lg font-semibold text-slate-900">{props.title}</DialogTitle>
            {props.description ? <Description className="mt-1 text-sm text-slate-600">{props.description}</Description> : null}
            <div className="mt-4">{props.children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** "Confirmer la suppression": the confirm button shows its pending label while the call runs. */
export function ConfirmDialog(props: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  description: ReactNode;
  pending: boolean;
  title?: string;
  confirmLabel?: string;
  pendingLabel?: string;
}) {
  return (
    <Modal open={props.open} onClose={props.pending ? () => {} : props.onClose} title={props.title ?? 'Confirmer la suppression'} description={props.description}>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={props.onClose} disabled={props.pending}>
          Annuler
        </button>
        <button type="button" className={buttonClass('destructive')} onClick={props.onConfirm} disabled={props.pending}>
          {props.pending ? <Spinner /> : null}
          {props.pending ? (props.pendingLabel ?? 'Suppression...') : (props.confirmLabel ?? 'Supprimer')}
        </button>
      </div>
    </Modal>
  );
}

/** A dialog holding a form on a two-column grid (creation dialogs); the form leaves validation to the schemas. */
export function FormDialog(props: { open: boolean; onClose: () => void; title: string; description: string; onSubmit: (event: SubmitEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <Modal open={props.open} onClose={props.onClose} title={props.title} description={props.description} size="lg">
      <form onSubmit={props.onSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {props.children}
      </form>
    </Modal>
  );
}
