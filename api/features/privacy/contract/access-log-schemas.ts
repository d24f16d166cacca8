/** `GET {base}/leads/{id}/access-log?page&limit`: a contact's "Consultations", 20 at a time by default (decision 147). */
import { contactListQuerySchema } from '../../../contract/params.ts';

export const accessLogQuerySchema = contactListQuerySchema;
