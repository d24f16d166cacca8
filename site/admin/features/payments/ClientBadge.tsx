/** "Client" beside a contact's name (decision 134): one of their invoices received money and was not credited. */
import { Badge } from '../../ui/primitives.tsx';
import { paymentsCopy } from './copy.ts';

export function ClientBadge({ isClient, className }: { isClient: boolean; className?: string }) {
  if (!isClient) return null;
  return (
    <Badge tone="green" className={className}>
      {paymentsCopy.client.badge}
    </Badge>
  );
}
