/**
 * Payments: the bank's camt.054/camt.053 files read and matched to invoices by reference
 * (docs/decisions/132 and 133). Other features use only what is exported here.
 */
export { readCamt, CamtError, decimalToCents, type CamtReading, type CamtTransaction } from './camt.ts';
export { importBankFile, readBankFile } from './import.ts';
export type { BankFileImport } from './contract/index.ts';
export { paymentsOfLead } from './payments.ts';
