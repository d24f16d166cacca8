/**
 * The French copy of the analytics screen's funnel from visit to discovery call (decision 116), in one
 * place: the components take every label, title and sentence from here. The steps' labels come with
 * the API's answer (api/schemas/funnel.ts); the channels' names from api/schemas/visits.ts.
 */
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
    description:
      'Visiteurs de la période (somme des visiteurs quotidiens), puis les contacts arrivés pendant ces jours et, parmi eux, ceux qui ont atteint chaque étape',
    columns: ['Étape', 'Nombre', 'Taux depuis l’étape précédente'],
    summary: 'Entonnoir',
    noCalls: 'Les étapes des appels découverte apparaîtront dès qu’un membre de l’équipe recevra des appels.',
  },
  sources: {
    title: 'Par origine',
    description: 'Premier contact de chaque personne : canal, source et campagne ; le taux de conversion est la part des visiteurs devenus contacts',
    columns: { origin: 'Canal', source: 'Source', campaign: 'Campagne', visitors: 'Visiteurs', contacts: 'Contacts', signUps: 'Inscrits', calls: 'Appels', qualified: 'Qualifiés', rate: 'Taux de conversion' },
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
    total: (visitors: number, visits: number) =>
      `Sur la période : ${visitors.toLocaleString('fr-CH')} visiteurs (somme des visiteurs quotidiens), ${visits.toLocaleString('fr-CH')} visites.`,
    summary: (days: number, visits: number) => `Courbe des visites de ${days} jours, ${visits.toLocaleString('fr-CH')} visites en tout.`,
    legend: { visits: 'Visites', visitors: 'Visiteurs' },
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  },
  loading: 'Chargement de l’entonnoir...',
} as const;
