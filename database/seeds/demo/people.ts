/** Names, places and company words of Côte d'Ivoire, Sénégal, Mali, Burkina Faso, Guinée, Togo, Bénin. */
export const LAST_NAMES = [
  'Koné', 'Traoré', 'Diallo', 'Ouattara', 'Coulibaly', 'Bamba', 'N’Guessan', 'Kouassi', 'Konan', 'Yao', 'Kouamé', 'Touré', 'Sangaré', 'Diabaté', 'Cissé', 'Camara', 'Keïta', 'Sylla',
  'Diop', 'Ndiaye', 'Fall', 'Sow', 'Ba', 'Faye', 'Gueye', 'Mbaye', 'Sarr', 'Diouf', 'Sall', 'Niang', 'Kaboré', 'Ouédraogo', 'Sawadogo', 'Zongo', 'Compaoré', 'Ilboudo', 'Sanou', 'Dembélé',
  'Doumbia', 'Fofana', 'Bakayoko', 'Soro', 'Silué', 'Yéo', 'Tuo', 'Koffi', 'Aka', 'Brou', 'Gnagne', 'Ahoua', 'Assi', 'Kacou', 'Tanoh', 'Amani', 'Dosso', 'Méité', 'Sidibé', 'Kanté', 'Bah',
  'Barry', 'Condé', 'Agbodjan', 'Mensah', 'Adjovi', 'Hounkpatin', 'Zinsou', 'Tapsoba', 'Zerbo', 'Kambou', 'Somé', 'Dao', 'Maïga', 'Haïdara', 'Tall', 'Thiam', 'Seck', 'Kouyaté', 'Dioubaté',
];

export const FIRST_NAMES = [
  'Aminata', 'Fatoumata', 'Mariam', 'Awa', 'Adjoua', 'Akissi', 'Aya', 'Affoué', 'Fanta', 'Kadiatou', 'Rokia', 'Salimata', 'Assétou', 'Ramatou', 'Bintou', 'Korotoumou', 'Ndèye', 'Khady',
  'Fatou', 'Aïssatou', 'Mariama', 'Rokhaya', 'Astou', 'Coumba', 'Adama', 'Moussa', 'Mamadou', 'Ibrahim', 'Seydou', 'Souleymane', 'Drissa', 'Bakary', 'Lassina', 'Yacouba', 'Issouf',
  'Kouadio', 'Kouakou', 'Koffi', 'Yao', 'Konan', 'Serge', 'Jean-Baptiste', 'Hervé', 'Didier', 'Arsène', 'Cheick', 'Modibo', 'Boubacar', 'Ousmane', 'Abdoulaye', 'Cheikh', 'Pape', 'Alioune',
  'Babacar', 'Ibrahima', 'Omar', 'Hamidou', 'Salif', 'Tiémoko', 'Sékou', 'Brahima', 'Inza', 'Zoumana', 'Rasmané', 'Boukary', 'Hamado', 'Josiane', 'Prisca', 'Clarisse', 'Estelle', 'Nadège',
];

/** [city, country phone prefix, phone digits after the prefix, first digits choices] */
export const CITIES: Array<[string, string, number, string[]]> = [
  ['Abidjan — Adjamé', '+225', 10, ['07', '05', '01', '27']],
  ['Abidjan — Treichville', '+225', 10, ['07', '05', '01', '27']],
  ['Abidjan — Yopougon', '+225', 10, ['07', '05', '01']],
  ['Abidjan — Cocody', '+225', 10, ['07', '05', '27']],
  ['Abidjan — Abobo', '+225', 10, ['07', '05', '01']],
  ['Abidjan — Marcory', '+225', 10, ['07', '05', '01']],
  ['Abidjan — Koumassi', '+225', 10, ['07', '05', '01']],
  ['Bouaké', '+225', 10, ['07', '05', '01']],
  ['Yamoussoukro', '+225', 10, ['07', '05', '01']],
  ['San-Pédro', '+225', 10, ['07', '05']],
  ['Korhogo', '+225', 10, ['07', '05']],
  ['Daloa', '+225', 10, ['07', '05', '01']],
  ['Man', '+225', 10, ['07', '05']],
  ['Gagnoa', '+225', 10, ['07', '01']],
  ['Dakar', '+221', 9, ['77', '78', '76', '70']],
  ['Thiès', '+221', 9, ['77', '78', '76']],
  ['Saint-Louis', '+221', 9, ['77', '76']],
  ['Bamako', '+223', 8, ['76', '66', '79', '65']],
  ['Sikasso', '+223', 8, ['76', '66']],
  ['Ouagadougou', '+226', 8, ['70', '76', '78', '65']],
  ['Bobo-Dioulasso', '+226', 8, ['70', '76', '78']],
  ['Conakry', '+224', 9, ['62', '66', '65']],
  ['Lomé', '+228', 8, ['90', '91', '99']],
  ['Cotonou', '+229', 8, ['97', '96', '66']],
];

export const STREETS = ['Rue du Commerce', 'Boulevard de la Paix', 'Avenue Houphouët-Boigny', 'Marché central', 'Grand marché', 'Rue des Jardins', 'Carrefour Siporex', 'Route de Bingerville', 'Avenue Lamine Guèye', 'Rue 12', 'Quartier Commerce', 'Zone industrielle', 'Gare routière', 'Boulevard Nangui Abrogoua', 'Avenue Kwame Nkrumah'];

export const SHOP_KINDS = ['Quincaillerie', 'Alimentation', 'Boutique', 'Supérette', 'Ets', 'Dépôt', 'Comptoir', 'Maison', 'Droguerie', 'Cave'];
export const SHOP_SUFFIXES = ['et Fils', '& Frères', 'Import-Export', 'Distribution', 'Commerce Général', 'du Marché', 'SARL', 'Services', 'et Associés', ''];
export const SHOP_NAMES_EXTRA = ['Chez Fatou', 'Le Bon Prix', 'La Confiance', 'Bénédiction', 'Grâce Divine', 'Le Carrefour', 'Sainte Famille', 'Al Baraka', 'Touba Services', 'Espoir', 'La Référence', 'Ben Ben'];

export const SUPPLIER_FORMS = ['Société', 'Établissements', 'Groupe', 'Comptoir', 'SARL', 'SA', 'Maison'];
export const SUPPLIER_TRADES = ['Import-Export', 'Distribution', 'Négoce', 'Industries', 'Agro-Alimentaire', 'Quincaillerie Générale', 'Matériaux', 'Cosmétiques', 'Emballages', 'Boissons', 'Électricité', 'Textile'];
export const SUPPLIER_PLACES = ['de Côte d’Ivoire', 'du Sénégal', 'du Mali', 'du Faso', 'de l’Ouest', 'du Sahel', 'd’Abidjan', 'de Dakar', 'de Bamako', 'Atlantique', 'Ouest-Africaine', ''];
