/**
 * Paramètres → Facturation → "Importer un relevé" (decision 133): the camt file sent as it is, the
 * import's counts, the payments waiting for review (assign to an invoice by its number, or set aside)
 * and the latest payments. Viewers see the lists, not the import nor the actions.
 */
import { useState, type SubmitEvent } from 'react';
import { PAYMENT_REVIEW_LABELS, PAYMENT_STATUS_LABELS, type PaymentStatus } from '#contract/payments';
import type { BankFileImportJson, PaymentJson } from '#contract/payments';
import { errorMessage, fieldErrors } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { toast } from '../../stores/toast.ts';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { pageCount, Pagination } from '../../ui/pagination.tsx';
import { Badge, buttonClass, Card, CardHeader, controlClass, cx } from '../../ui/primitives.tsx';
import { ListTable, td } from '../../ui/table.tsx';
import { formatChf, paymentsCopy as copy } from './copy.ts';
import { paymentMutations, paymentQueries, REVIEW_PAGE_SIZE } from './queries.ts';

const STATUS_TONES: Record<PaymentStatus, 'green' | 'blue' | 'amber' | 'gray'> = { matched: 'green', partial: 'blue', unmatched: 'amber', ignored: 'gray' };

function bookingDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

function ImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [result, setResult] = useState<BankFileImportJson | null>(null);
  const run = useMutation((bankFile: File) => paymentMutations.importFile(bankFile), {
    onSuccess: (answer) => {
      setResult(answer);
      toast({ title: copy.import.resultTitle, description: `${answer.matched} ${copy.import.result.matched.toLowerCase()}, ${answer.unmatched} ${copy.import.result.unmatched.toLowerCase()}.` });
    },
    onError: (failure) => setError(errorMessage(failure)),
  });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    if (!file) return setError(copy.import.chooseFile);
    setError('');
    void run.mutate(file);
  }

  const counts = result
    ? ([
        ['transactions', result.transactions],
        ['matched', result.matched],
        ['partial', result.partial],
        ['unmatched', result.unmatched],
        ['ignored', result.ignored],
        ['reversals', result.reversals],
        ['duplicates', result.duplicates],
      ] as const)
    : [];

  return (
    <form onSubmit={submit} noValidate className="space-y-4 px-5 pb-5">
      <div>
        <label htmlFor="bank-file" className="mb-1.5 block text-sm font-medium text-slate-800">
          {copy.import.fileLabel}
        </label>
        <input
          id="bank-file"
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-describedby={error ? 'bank-file-error' : undefined}
          aria-invalid={error ? true : undefined}
          className={cx(controlClass, 'h-auto py-2')}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      {error ? (
        <p id="bank-file-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={run.pending}>
        {run.pending ? copy.import.pending : copy.import.submit}
      </button>
      {result ? (
        <div role="status" aria-label={copy.import.resultTitle} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200">
          <p className="font-medium">{copy.import.resultTitle}</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
            {counts.map(([key, value]) => (
              <div key={key} className="flex justify-between gap-2">
                <dt>{copy.import.result[key]}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </form>
  );
}

function ReviewRow({ payment }: { payment: PaymentJson }) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState('');
  const amount = formatChf(payment.amountCents);
  const done = (title: string) => () => toast({ title, description: `${amount} — ${payment.debtorName ?? ''}` });
  const assign = useMutation((id: number, invoiceNumber: string) => paymentMutations.assign(id, invoiceNumber), {
    onSuccess: done(copy.review.assigned),
    onError: (failure) => setError(fieldErrors(failure).invoiceNumber ?? errorMessage(failure)),
  });
  const ignore = useMutation((id: number) => paymentMutations.ignore(id), { onSuccess: done(copy.review.ignored), onError: (failure) => setError(errorMessage(failure)) });
  const inputId = `payment-${payment.id}-invoice`;

  return (
    <tr className="align-top hover:bg-slate-50">
      <td className={cx(td, 'whitespace-nowrap tabular-nums')}>{bookingDay(payment.bookingDate)}</td>
      <td className={td}>{payment.debtorName ?? '-'}</td>
      <td className={cx(td, 'whitespace-nowrap tabular-nums')}>{payment.currency === 'CHF' ? amount : `${payment.currency} ${(payment.amountCents / 100).toFixed(2)}`}</td>
      <td className={cx(td, 'font-mono text-xs')}>{payment.reference ?? copy.review.noReference}</td>
      <td className={td}>
        {payment.reviewReason ? PAYMENT_REVIEW_LABELS[payment.reviewReason] : '-'}
        {payment.invoice ? <span className="block text-xs text-slate-500">{payment.invoice.number}</span> : null}
      </td>
      <td className={td}>
        <CanEdit otherwise="-">
          <form
            className="flex flex-wrap items-start gap-2"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setError('');
              void assign.mutate(payment.id, number.trim());
            }}
          >
            <div>
              <label htmlFor={inputId} className="sr-only">
                {copy.review.invoiceLabel(amount)}
              </label>
              <input
                id={inputId}
                className={cx(controlClass, 'w-32')}
                placeholder={copy.review.invoicePlaceholder}
                value={number}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(event) => setNumber(event.target.value)}
              />
              {error ? (
                <p id={`${inputId}-error`} role="alert" className="mt-1 max-w-48 text-xs text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
            <button type="submit" className={buttonClass('primary', 'sm')} disabled={assign.pending}>
              {copy.review.assign}
            </button>
            <button type="button" className={buttonClass('secondary', 'sm')} disabled={ignore.pending} onClick={() => void ignore.mutate(payment.id)}>
              {copy.review.ignore}
            </button>
          </form>
        </CanEdit>
      </td>
    </tr>
  );
}

function ReviewList() {
  const [page, setPage] = useState(1);
  const list = useQuery(paymentQueries.list('unmatched', page));
  return (
    <Card labelledBy="payments-review-title">
      <CardHeader id="payments-review-title" title={copy.review.title} description={copy.review.description} />
      <ListTable label={copy.review.title} minWidth="min-w-[860px]" columns={copy.review.columns} state={list} rows={list.data?.payments} loading={copy.review.loading} empty={copy.review.empty}>
        {(payment) => <ReviewRow key={payment.id} payment={payment} />}
      </ListTable>
      <div className="border-t border-slate-100">
        <Pagination page={page} pages={pageCount(list.data?.pagination.total ?? 0, REVIEW_PAGE_SIZE)} onPage={setPage} label={`Pagination — ${copy.review.title}`} />
      </div>
    </Card>
  );
}

function RecentPayments() {
  const [page, setPage] = useState(1);
  const list = useQuery(paymentQueries.list('', page));
  return (
    <Card labelledBy="payments-recent-title">
      <CardHeader id="payments-recent-title" title={copy.recent.title} />
      <ListTable label={copy.recent.title} minWidth="min-w-[720px]" columns={copy.recent.columns} state={list} rows={list.data?.payments} loading={copy.recent.loading} empty={copy.recent.empty}>
        {(payment) => (
          <tr key={payment.id} className="hover:bg-slate-50">
            <td className={cx(td, 'whitespace-nowrap tabular-nums')}>{bookingDay(payment.bookingDate)}</td>
            <td className={td}>{payment.debtorName ?? '-'}</td>
            <td className={cx(td, 'whitespace-nowrap tabular-nums')}>
              {payment.direction === 'debit' ? '−' : ''}
              {formatChf(payment.amountCents)}
            </td>
            <td className={td}>{payment.invoice?.number ?? '-'}</td>
            <td className={td}>
              <Badge tone={STATUS_TONES[payment.status]}>{PAYMENT_STATUS_LABELS[payment.status]}</Badge>
            </td>
          </tr>
        )}
      </ListTable>
      <div className="border-t border-slate-100">
        <Pagination page={page} pages={pageCount(list.data?.pagination.total ?? 0, REVIEW_PAGE_SIZE)} onPage={setPage} label={`Pagination — ${copy.recent.title}`} />
      </div>
    </Card>
  );
}

export function BankImport() {
  return (
    <div className="space-y-6">
      <CanEdit>
        <Card labelledBy="bank-import-title">
          <CardHeader id="bank-import-title" title={copy.import.title} description={copy.import.description} />
          <ImportForm />
        </Card>
      </CanEdit>
      <ReviewList />
      <RecentPayments />
    </div>
  );
}
