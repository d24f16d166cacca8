/**
 * The French copy of the payments screens (decisions 133 and 134), in one place: Paramètres →
 * Facturation → "Importer un relevé", the review list, the dashboard's card, the revenue per origin (drawn by analytics).
 */
export const paymentsCopy = {
  import: {
    title: 'Importer un relevé',
    description:
      'Le fichier camt.054 (avis de crédit) ou camt.053 (relevé de compte) téléchargé de l’e-banking. Les paiements sont rapprochés des factures par leur référence ; un fichier importé deux fois ne compte qu’une fois.',
    fileLabel: 'Fichier camt (XML)',
    chooseFile: 'Choisissez le fichier camt.054 ou camt.053.',
    submit: 'Importer',
    pending: 'Import...',
    resultTitle: 'Relevé importé',
    result: {
      transactions: 'Transactions lues',
      matched: 'Factures payées',
      partial: 'Paiements partiels',
      unmatched: 'À vérifier',
      ignored: 'Débits ignorés',
      reversals: 'Contre-passations',
      duplicates: 'Déjà importées',
    },
  },
  review: {
    title: 'Paiements à vérifier',
    description: 'Sans référence, référence inconnue, montant supérieur au solde ou facture soldée : attribuez-les à une facture ou mettez-les de côté.',
    columns: ['Date', 'Payeur', 'Montant', 'Référence', 'Motif', 'Actions'],
    empty: 'Aucun paiement à vérifier.',
    loading: 'Chargement des paiements...',
    invoiceLabel: (amount: string) => `Numéro de la facture pour le paiement de ${amount}`,
    invoicePlaceholder: '2027-0001',
    assign: 'Attribuer',
    ignore: 'Ignorer',
    assigned: 'Paiement attribué',
    ignored: 'Paiement mis de côté',
    noReference: 'Aucune',
  },
  recent: {
    title: 'Derniers paiements',
    columns: ['Date', 'Payeur', 'Montant', 'Facture', 'Statut'],
    empty: 'Aucun paiement importé.',
    loading: 'Chargement des paiements...',
  },
  client: {
    badge: 'Client',
    filterHeading: 'Par client',
    filterOption: 'Clients',
    filterChip: 'Clients uniquement',
  },
  revenue: {
    title: 'Encaissements selon l’origine',
    description: 'Paiements reçus pendant la période, hors TVA, moins les notes de crédit ; l’origine est le premier contact de chaque client',
    figures: { revenue: 'Encaissé (HT)', refunds: 'Notes de crédit (HT)', clients: 'Clients payants', median: 'Délai médian de paiement' },
    days: (value: number) => `${value.toLocaleString('fr-CH')} jours`,
    tableLabel: 'Encaissements selon l’origine, tableau',
    columns: ['Canal', 'Source', 'Campagne', 'Clients', 'Encaissé (HT)', 'Notes de crédit (HT)'],
    unknown: 'Origine inconnue',
    empty: 'Aucun paiement reçu pendant cette période.',
  },
  dashboard: {
    title: 'Facturation',
    monthRevenue: 'Encaissé ce mois (HT)',
    open: 'Factures ouvertes',
    overdue: 'dont en retard',
    toReview: 'Paiements à vérifier',
    link: 'Voir les paiements',
  },
} as const;

/**
 * 123450 → "CHF 1’250.50", −990 → "CHF −9.90": the Swiss way, written here rather than by Intl, whose
 * fr-CH output differs between Node and browsers ("1 250.50 CHF" in Chromium). Amounts are integer centimes.
 */
export function formatChf(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const absolute = Math.abs(cents);
  const units = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '’');
  return `CHF ${sign}${units}.${String(absolute % 100).padStart(2, '0')}`;
}
