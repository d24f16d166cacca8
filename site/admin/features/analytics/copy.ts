/**
 * The French copy of the analytics screen's funnel from visit to discovery call (decision 116), in one
 * place: the components take every label, title and sentence from here. The steps' labels come with
 * the API's answer (api/features/analytics/contract/funnel-schemas.ts); the channels' names from api/contract/visit-channels.ts.
 */
import { countOf } from './rates.ts';

export const funnelCopy = {
  filters: {
    label: 'Origine des contacts',
    channel: 'Canal',
    allChannels: 'Tous les canaux',
    campaign: 'Campagne',
    allCampaigns: 'Toutes les campagnes',
    reset: 'Toutes les origines',
    hint: 'Le filtre s’applique à l’entonnoir et au tableau par origine.',
  },
  funnel: {
    title: 'Du visiteur à l’appel découverte',
    description: 'Visiteurs de la période (somme des visiteurs quotidiens), puis les contacts arrivés pendant ces jours et, parmi eux, ceux qui ont atteint chaque étape',
    columns: ['Étape', 'Nombre', 'Part de l’étape précédente'],
    /** "20 % des visiteurs": each rate names its base, the step before. */
    shareOf: {
      visitors: 'des visiteurs',
      contacts: 'des contacts',
      signUps: 'des inscrits',
      present: 'des présents',
      callsBooked: 'des appels réservés',
      callsHeld: 'des appels effectués',
      qualified: 'des qualifiés',
      offersSent: 'des offres envoyées',
      offersAccepted: 'des offres acceptées',
    },
    /** Under the table when a step counts more than the one before it (decision 119). */
    noShare: (step: string, before: string) =>
      `« ${step} » compte plus que « ${before} » : une partie n’est pas passée par l’étape précédente (contacts importés ou saisis, visites d’un autre appareil ou non comptées), aucune part n’est donc donnée (—).`,
    summary: 'Entonnoir',
    noCalls: 'Les étapes des appels découverte apparaîtront dès qu’un membre de l’équipe recevra des appels.',
  },
  sources: {
    title: 'Par origine',
    description: 'Premier contact de chaque personne : canal, source et campagne ; la dernière colonne est la part des visiteurs de l’origine devenus contacts',
    columns: {
      origin: 'Canal',
      source: 'Source',
      campaign: 'Campagne',
      visitors: 'Visiteurs',
      contacts: 'Contacts',
      signUps: 'Inscrits',
      calls: 'Appels',
      qualified: 'Qualifiés',
      rate: 'Contacts parmi les visiteurs',
    },
    /** Under the table when an origin has more contacts than counted visitors (decision 119). */
    noRate: 'Une origine qui compte plus de contacts que de visiteurs (contacts importés ou saisis, visites non comptées) n’a pas de part (—).',
    unknown: 'Origine inconnue',
    empty: 'Aucune visite ni aucun contact pendant cette période.',
  },
  visits: {
    title: 'Visites par jour',
    description: 'Pages vues et visiteurs de chaque jour (heure suisse), comptés par le serveur sans cookie ; tous canaux confondus',
    dayColumns: ['Jour', 'Visites', 'Visiteurs'],
    monthColumns: ['Mois', 'Visites', 'Visiteurs (somme des visiteurs quotidiens)'],
    tableLabel: 'Visites par jour',
    monthTableLabel: 'Visites par mois',
    total: (visitors: number, visits: number) => `Sur la période : ${countOf(visitors, 'visiteur', 'visiteurs')} (somme des visiteurs quotidiens), ${countOf(visits, 'visite', 'visites')}.`,
    summary: (days: number, visits: number) => `Courbe des visites de ${countOf(days, 'jour', 'jours')}, ${countOf(visits, 'visite', 'visites')} en tout.`,
    legend: { visits: 'Visites', visitors: 'Visiteurs' },
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  },
  loading: 'Chargement de l’entonnoir...',
} as const;
