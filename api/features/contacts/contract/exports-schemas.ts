/** CSV exports: the contacts' export takes the list's search and filters, without paging. */
import { leadListQuerySchema } from './leads-schemas.ts';
import type { z } from '../../../contract/zod.ts';

/** `GET /api/admin/leads.csv?search&status&source&tags`. */
export const leadExportQuerySchema = leadListQuerySchema.omit({ page: true, limit: true });
export type LeadExportQuery = z.output<typeof leadExportQuerySchema>;
