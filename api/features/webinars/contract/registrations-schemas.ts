/** The registration links' forms (cancel, one-step sign-up from an invitation). Imports only zod. */
import { z } from '../../../contract/zod.ts';
import { integer } from '../../../contract/fields.ts';

export const REGISTRATION_LINK_MESSAGE = 'Ce lien n’est pas valide. Utilisez le lien reçu par e-mail, en entier.';

const id = (label: string) => integer(label, 1, 2_147_483_647, REGISTRATION_LINK_MESSAGE);
const token = z.string({ error: REGISTRATION_LINK_MESSAGE }).regex(/^[A-Za-z0-9_-]{16,64}$/, REGISTRATION_LINK_MESSAGE);

/** `POST /api/registrations/cancel` (form or JSON). */
export const registrationCancelSchema = z.object({ registration: id('L’inscription'), token });
export type RegistrationCancel = z.output<typeof registrationCancelSchema>;

/** `POST /api/registrations/join` (form or JSON): the invitation's one-step sign-up. */
export const registrationJoinSchema = z.object({ webinar: id('Le webinaire'), lead: id('Le contact'), token });
export type RegistrationJoin = z.output<typeof registrationJoinSchema>;

/** `POST /relances-webinaire/desinscription?lead&token`: the marketing e-mails' one-click unsubscribe (decision 091). */
export const marketingUnsubscribeQuerySchema = z.object({ lead: id('Le contact'), token });
export type MarketingUnsubscribeQuery = z.output<typeof marketingUnsubscribeQuerySchema>;
