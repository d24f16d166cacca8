/**
 * The words of a contact's "Origine" (decision 115) in the back office: the list's column and filter,
 * the contact's card and the correction dialog. Channel names come from the shared schemas
 * (VISIT_CHANNEL_LABELS), the same as the visits report's.
 */
export const ORIGIN_COPY = {
  column: 'Origine',
  unknown: 'Inconnue',
  filterHeading: 'Par origine',
  filterChip: 'Origine',
  campaignChip: 'Campagne',
  campaignLink: (campaign: string) => `Voir les contacts de la campagne ${campaign}`,
  card: {
    title: 'Origine',
    description: 'D’où venait la personne quand elle a écrit pour la première fois. Jamais remplacée par une demande suivante.',
    none: 'Inconnue (contact ajouté à la main ou avant la mesure des provenances).',
    correct: 'Corriger',
  },
  fields: {
    channel: 'Canal',
    source: 'Source',
    medium: 'Support',
    campaign: 'Campagne',
    referrer: 'Site référent',
    landingPage: 'Page d’arrivée',
    at: 'Date',
  },
  dialog: {
    title: 'Corriger l’origine',
    description: 'La correction est enregistrée dans le journal. Laissez un champ vide s’il ne s’applique pas.',
    submit: 'Enregistrer l’origine',
    pending: 'Enregistrement...',
    clear: 'Effacer l’origine',
    saved: 'Origine corrigée',
    cleared: 'Origine effacée',
    failed: (message: string) => `Erreur lors de la correction de l’origine : ${message}`,
  },
} as const;
