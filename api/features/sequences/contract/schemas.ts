/**
 * Sequences (docs/decisions/150-sequences-engine.md): what the admin API takes, the entry events, exit
 * events and goals with their French labels. Imports only zod and the shared contract.
 */
import { z } from '../../../contract/zod.ts';
import { blankToUndefined, emailField, integer, oneOf, requiredText } from '../../../contract/fields.ts';
import { NOT_FOUND_MESSAGES, pathIdSchema } from '../../../contract/params.ts';

export const SEQUENCE_ENTRY_LABELS = {
  webinar_absent: 'Absent·e d’un webinaire',
  webinar_attended: 'Présent·e au webinaire, sans appel réservé',
  call_no_show: 'Absent·e à l’appel découverte',
  call_held: 'Appel découverte tenu',
  offer_sent: 'Offre envoyée',
  invoice_paid: 'Facture payée (bienvenue, transactionnel)',
  newsletter_confirmed: 'Inscription à la newsletter confirmée',
} as const;
export type SequenceEntryEvent = keyof typeof SEQUENCE_ENTRY_LABELS;
export const SEQUENCE_ENTRY_EVENTS = Object.keys(SEQUENCE_ENTRY_LABELS) as [SequenceEntryEvent, ...SequenceEntryEvent[]];

/** The exit events a sequence may choose; they are also the goals it may count as converted. */
export const SEQUENCE_GOAL_LABELS = {
  call_booked: 'Appel réservé',
  call_held: 'Appel tenu',
  offer_accepted: 'Offre acceptée',
  paid: 'Payé',
} as const;
export type SequenceGoal = keyof typeof SEQUENCE_GOAL_LABELS;
export const SEQUENCE_GOALS = Object.keys(SEQUENCE_GOAL_LABELS) as [SequenceGoal, ...SequenceGoal[]];

/** Why a run ended: a chosen exit event, or always (unsubscribed, bouncing, erased, stopped by hand). */
export const SEQUENCE_EXIT_REASON_LABELS = {
  ...SEQUENCE_GOAL_LABELS,
  unsubscribed: 'Désinscrit·e',
  bouncing: 'Adresse en échec (rebond)',
  erased: 'Contact effacé',
  stopped: 'Retiré·e à la main',
} as const;
export type SequenceExitReason = keyof typeof SEQUENCE_EXIT_REASON_LABELS;

export const SEQUENCE_STATUS_LABELS = { active: 'Active', paused: 'En pause' } as const;
export type SequenceStatus = keyof typeof SEQUENCE_STATUS_LABELS;
export const SEQUENCE_STATUSES = Object.keys(SEQUENCE_STATUS_LABELS) as [SequenceStatus, ...SequenceStatus[]];

export const SEQUENCE_RUN_STATE_LABELS = { active: 'En cours', exited: 'Sortie', completed: 'Terminée' } as const;
export type SequenceRunState = keyof typeof SEQUENCE_RUN_STATE_LABELS;

/** The newsletter's blocks (decision 113) and the first name. */
export const SEQUENCE_BLOCKS = { webinars: '{{prochains-webinaires}}', booking: '{{appel-decouverte}}', firstName: '{{prenom}}' } as const;

export const SEQUENCE_LIMITS = { nameMax: 120, subjectMax: 200, previewMax: 200, bodyMax: 50_000, stepsMax: 20, delayMaxMinutes: 365 * 24 * 60, afterMaxMinutes: 365 * 24 * 60 } as const;

export const DEFAULT_SEQUENCE_WINDOW = { from: '08:00', to: '20:00', days: [1, 2, 3, 4, 5, 6] };

export const SEQUENCE_MESSAGES = {
  notFound: 'Séquence non trouvée.',
  runNotFound: 'Parcours de séquence non trouvé.',
  stepNotFound: 'Étape non trouvée dans cette séquence.',
  runNotActive: 'Ce parcours est déjà terminé.',
  unknownStep: 'Une étape envoyée n’appartient pas à cette séquence.',
  windowOrder: 'L’heure de fin de la plage d’envoi doit suivre l’heure de début.',
  transactionalExit: 'Une séquence de bienvenue (facture payée) ne peut pas sortir sur « Payé ».',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const name = requiredText('Le nom', { max: SEQUENCE_LIMITS.nameMax });
const event = oneOf(SEQUENCE_ENTRY_EVENTS, SEQUENCE_ENTRY_LABELS, 'L’événement d’entrée');
const goal = oneOf(SEQUENCE_GOALS, SEQUENCE_GOAL_LABELS, 'L’objectif');
const exitOn = z.array(oneOf(SEQUENCE_GOALS, SEQUENCE_GOAL_LABELS, 'Un événement de sortie'), { error: 'Les événements de sortie doivent être une liste.' }).transform((list) => [...new Set(list)]);
const status = oneOf(SEQUENCE_STATUSES, SEQUENCE_STATUS_LABELS, 'L’état');
const entry = z.object(
  {
    event,
    afterMinutes: integer('Le délai d’entrée (minutes)', 0, SEQUENCE_LIMITS.afterMaxMinutes).optional().default(0),
  },
  { error: 'L’entrée doit indiquer un événement.' },
);
const window = z
  .object(
    {
      from: z.string({ error: 'L’heure de début doit être au format HH:MM.' }).regex(TIME, 'L’heure de début doit être au format HH:MM.'),
      to: z.string({ error: 'L’heure de fin doit être au format HH:MM.' }).regex(END_TIME, 'L’heure de fin doit être au format HH:MM.'),
      days: z
        .array(integer('Un jour d’envoi', 1, 7, 'Les jours d’envoi sont des nombres de 1 (lundi) à 7 (dimanche).'), { error: 'Les jours d’envoi doivent être une liste.' })
        .min(1, 'Choisissez au moins un jour d’envoi.')
        .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    },
    { error: 'La plage d’envoi doit indiquer from, to et days.' },
  )
  .refine((value) => value.from < value.to, { message: SEQUENCE_MESSAGES.windowOrder, path: ['to'] });

export const sequenceStepSchema = z.object({
  id: z.number({ error: 'L’identifiant d’étape doit être un nombre.' }).int().positive().optional(),
  delayMinutes: integer('Le délai de l’étape (minutes)', 0, SEQUENCE_LIMITS.delayMaxMinutes),
  subject: requiredText('L’objet', { max: SEQUENCE_LIMITS.subjectMax }),
  preview: z.preprocess(
    (value) => value ?? '',
    z.string({ error: 'La ligne d’aperçu doit être un texte.' }).trim().max(SEQUENCE_LIMITS.previewMax, `La ligne d’aperçu ne doit pas dépasser ${SEQUENCE_LIMITS.previewMax} caractères.`),
  ),
  body: requiredText('Le contenu', { max: SEQUENCE_LIMITS.bodyMax }),
  /** Whether the step waits for the sequence's sending window (default: yes). */
  window: z.boolean({ error: 'Le choix de la plage d’envoi doit valoir vrai ou faux.' }).optional().default(true),
});
export type SequenceStepInput = z.output<typeof sequenceStepSchema>;

const steps = z.array(sequenceStepSchema, { error: 'Les étapes doivent être une liste.' }).max(SEQUENCE_LIMITS.stepsMax, `Au plus ${SEQUENCE_LIMITS.stepsMax} étapes.`);

/** `POST /api/admin/sequences`. */
export const sequenceCreateSchema = z.object({
  name,
  entry,
  exitOn: exitOn.optional().default([]),
  steps: steps.optional().default([]),
  window: window.optional().default(DEFAULT_SEQUENCE_WINDOW),
  status: status.optional().default('active'),
  goal: goal.optional().default('call_booked'),
  reentry: z.boolean({ error: 'La réentrée doit valoir vrai ou faux.' }).optional().default(false),
});
export type SequenceCreate = z.output<typeof sequenceCreateSchema>;

/** `PATCH /api/admin/sequences/{id}`: any field; `steps` replaces the list (by id kept, new ones added, missing ones deleted). */
export const sequenceUpdateSchema = z.object({
  name: name.optional(),
  entry: entry.optional(),
  exitOn: exitOn.optional(),
  steps: steps.optional(),
  window: window.optional(),
  status: status.optional(),
  goal: goal.optional(),
  reentry: z.boolean({ error: 'La réentrée doit valoir vrai ou faux.' }).optional(),
});
export type SequenceUpdate = z.output<typeof sequenceUpdateSchema>;

export const sequenceParamsSchema = z.object({ id: pathIdSchema(SEQUENCE_MESSAGES.notFound) });
export const sequenceStepParamsSchema = z.object({ id: pathIdSchema(SEQUENCE_MESSAGES.notFound), stepId: pathIdSchema(SEQUENCE_MESSAGES.stepNotFound) });
export const sequenceRunParamsSchema = z.object({ id: pathIdSchema(SEQUENCE_MESSAGES.runNotFound) });
export const sequenceLeadParamsSchema = z.object({ id: pathIdSchema(NOT_FOUND_MESSAGES.lead) });

/** `POST /sequences/preview`: a step as it stands in the editor. */
export const sequencePreviewSchema = z.object({
  subject: requiredText('L’objet', { max: SEQUENCE_LIMITS.subjectMax }),
  preview: z.preprocess((value) => value ?? '', z.string({ error: 'La ligne d’aperçu doit être un texte.' }).max(SEQUENCE_LIMITS.previewMax)),
  body: requiredText('Le contenu', { max: SEQUENCE_LIMITS.bodyMax }),
  transactional: z.boolean({ error: 'Le choix transactionnel doit valoir vrai ou faux.' }).optional().default(false),
});
export type SequencePreviewInput = z.output<typeof sequencePreviewSchema>;

/** `POST /sequences/{id}/steps/{stepId}/test`: to the signed-in user unless `to` is given. */
export const sequenceTestSchema = z.object({ to: z.preprocess(blankToUndefined, emailField().optional()) });
