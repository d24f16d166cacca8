/**
 * Shows its children only to a user who may change data (role `admin`, decision 065). Wrap every
 * button, link or form that changes something: `<CanEdit><button …/></CanEdit>`; for logic, `useCanEdit()`.
 * The server refuses a viewer's changes anyway: this only keeps the screens honest.
 */
import type { ReactNode } from 'react';
import { useCanEdit } from '../stores/session.ts';

export function CanEdit({ children, otherwise = null }: { children: ReactNode; otherwise?: ReactNode }) {
  return <>{useCanEdit() ? children : otherwise}</>;
}
