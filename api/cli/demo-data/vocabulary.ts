/** The words the demo data are made of: Swiss names, companies, cities, tags, messages, webinars. */
import type { Random } from './random.ts';

export const FIRST_NAMES = [
  'Léa', 'Chloé', 'Camille', 'Manon', 'Sarah', 'Julie', 'Laura', 'Émilie', 'Céline', 'Nathalie', 'Sophie', 'Isabelle',
  'Anne', 'Valérie', 'Mélanie', 'Aurélie', 'Noémie', 'Zoé', 'Élodie', 'Françoise', 'Lucas', 'Julien', 'Nicolas',
  'Thomas', 'David', 'Olivier', 'Pierre', 'Marc', 'Laurent', 'Stéphane', 'Christophe', 'Sébastien', 'Mathieu',
  'Raphaël', 'Yannick', 'Cédric', 'Jérôme', 'Frédéric', 'Grégoire', 'Loïc', 'Luca', 'Matteo', 'Andrea', 'Jonas', 'Reto',
] as const;
export const LAST_NAMES = [
  'Favre', 'Rochat', 'Dubois', 'Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Perrin', 'Bonvin', 'Mottier',
  'Monnier', 'Cuendet', 'Pittet', 'Chappuis', 'Jaquet', 'Rey', 'Fournier', 'Berset', 'Aebischer', 'Vuilleumier',
  'Gilliéron', 'Cretton', 'Zufferey', 'Bianchi', 'Rossi', 'Crettenand', 'Python', 'Dupraz', 'Girard', 'Blanc',
  'Lambiel', 'Fragnière', 'Chevalley', 'Tinguely', 'Baumann', 'Roulin', 'Maillard', 'Emery',
] as const;
export const COMPANIES = [
  'Favre Conseil SA', 'Léman Finance', 'Helvetia Digital Sàrl', 'Alpes Ingénierie', 'Rochat & Associés', 'Swiss Wellness Group',
  'Jura Horlogerie', 'Lavaux Immobilier', 'Cité Avocats', 'Nexa Consulting', 'Romandie Médias', 'Valais Énergie',
  'Genève Family Office', 'Biotech Lausanne', 'Fribourg Logistique', 'Neuchâtel Design', 'Atelier Mont-Blanc',
  'Zurich Capital Partners', 'Tessin Hospitality', 'Banque Privée du Rhône', 'Start-up Nation Sàrl', 'Clinique du Lac',
] as const;
export const CITIES = [
  'Genève', 'Lausanne', 'Fribourg', 'Neuchâtel', 'Sion', 'Montreux', 'Nyon', 'Vevey', 'Yverdon-les-Bains', 'La Chaux-de-Fonds',
  'Bienne', 'Martigny', 'Zurich', 'Berne', 'Bâle', 'Lugano', 'Morges', 'Delémont',
] as const;
export const MAIL_DOMAINS = ['bluewin.ch', 'gmail.com', 'sunrise.ch', 'protonmail.ch', 'outlook.com', 'hispeed.ch'] as const;
export const TAGS = ['VIP', 'Dirigeant', 'Entrepreneur', 'Suisse romande', 'Relance', 'Podcast', 'Entreprise', 'Mastermind', 'Stress', 'Leadership', 'B2B/PME'] as const;
export const MESSAGES = [
  "Je cherche à mieux gérer mon stress au quotidien tout en gardant mes objectifs professionnels.",
  "Nous aimerions proposer le programme à notre équipe de direction (8 personnes).",
  "J'ai écouté votre podcast et j'aimerais en savoir plus sur le mastermind mensuel.",
  "Quel est l'investissement pour un plan individuel ? Je suis indépendant.",
  "Je me sens épuisé malgré une réussite apparente. Votre approche m'intéresse.",
  "Pouvez-vous me rappeler en fin de journée ? Merci.",
  "Je souhaite retrouver de l'énergie et du sens dans mon travail.",
  'Intéressée par une offre entreprise pour nos cadres.',
] as const;

export const WEBINARS = [
  { title: 'Les 4 hormones du bonheur au travail', offsetDays: -75, duration: 60, maxAttendees: 100, location: 'online', isActive: true },
  { title: 'Sortir du piège de la fausse réussite', offsetDays: -45, duration: 60, maxAttendees: 80, location: 'online', isActive: true },
  { title: 'Dopamine et motivation : 3 techniques rapides', offsetDays: -14, duration: 45, maxAttendees: 50, location: 'Lausanne, Beaulieu', isActive: true },
  { title: 'Sérotonine : retrouver la sérénité en 4 semaines', offsetDays: 5, duration: 60, maxAttendees: 100, location: 'online', isActive: true },
  { title: 'Ocytocine et leadership bienveillant', offsetDays: 19, duration: 90, maxAttendees: 40, location: 'Genève, Palexpo', isActive: true },
  { title: 'Endorphines : performance durable pour dirigeants', offsetDays: 40, duration: 60, maxAttendees: 100, location: 'online', isActive: false },
] as const;

/** Lower-case ASCII letters and digits only ("Léman Finance" → "lemanfinance"), for email addresses. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

export function swissMobile(random: Random): string {
  const digits = () => String(random.integer(0, 99)).padStart(2, '0');
  return `+41 7${random.pick(['6', '7', '8', '9'])} ${random.integer(100, 999)} ${digits()} ${digits()}`;
}
