/**
 * The demo catalogue: families of goods sold by West-African shops (alimentation générale,
 * quincaillerie, droguerie, cosmétiques…). Each category lists the product names it holds, their
 * sizes from the cheapest to the dearest, their units with pack sizes and a purchase price range
 * per base unit (XOF): a bigger size draws a price higher in the range.
 * Categories are taken family by family in turn, so a small scale still covers every family.
 */
export interface Family {
  name: string;
  /** [category name, product nouns, sizes, "unit:pack size" choices (lists separated by "|"), purchase price range in XOF]. */
  categories: Array<[string, string, string, string, number, number]>;
}

export const FAMILIES: Family[] = [
  {
    name: 'Alimentation',
    categories: [
      ['Riz', 'Riz parfumé|Riz brisé|Riz long grain|Riz local étuvé', '1 kg|5 kg|25 kg|50 kg', 'sac:1|paquet:10', 650, 24000],
      ['Huiles alimentaires', 'Huile végétale|Huile de palme raffinée|Huile d’arachide', '1 L|5 L|20 L|90 cl', 'bouteille:12|bidon:1', 900, 22000],
      ['Sucre', 'Sucre en poudre|Sucre en morceaux|Sucre roux', '500 g|1 kg|5 kg|50 kg', 'paquet:20|sac:1', 550, 30000],
      ['Farines et semoules', 'Farine de blé|Semoule de maïs|Farine de manioc|Attiéké séché', '1 kg|5 kg|25 kg|50 kg', 'sac:1|paquet:10', 450, 21000],
      ['Pâtes alimentaires', 'Spaghetti|Macaroni|Vermicelle|Coquillettes', '200 g|250 g|500 g|5 kg', 'paquet:20|carton:1', 250, 6000],
      ['Conserves', 'Tomate concentrée|Sardines à l’huile|Petits pois|Maquereau en sauce', '70 g|125 g|400 g|800 g|2,2 kg', 'boîte:48|boîte:24', 150, 3500],
      ['Lait et produits laitiers', 'Lait en poudre|Lait concentré sucré|Lait UHT|Yaourt sucré', '125 g|397 g|400 g|1 L|2,5 kg', 'boîte:24|sachet:50|pot:24', 200, 9500],
      ['Épices et condiments', 'Bouillon cube|Poivre noir|Piment séché|Sel iodé|Soumbala', '4 g x100|50 g|100 g|500 g|1 kg', 'paquet:12|sachet:50|boîte:24', 25, 2500],
      ['Café, thé et chocolat', 'Café soluble|Thé vert|Chocolat en poudre|Kinkéliba', '50 g|100 g|200 g|400 g|25 sachets', 'boîte:24|paquet:12', 300, 5500],
      ['Biscuits et confiseries', 'Biscuits secs|Bonbons menthe|Gaufrettes|Chewing-gum', '50 g|100 g|200 g|500 g', 'paquet:24|boîte:48', 50, 1500],
      ['Céréales et légumineuses', 'Mil|Sorgho|Haricot niébé|Fonio|Maïs grain', '1 kg|5 kg|25 kg|50 kg|100 kg', 'sac:1|kg:1', 350, 38000],
      ['Aliments pour bébé', 'Céréale infantile|Lait 1er âge|Lait 2e âge', '250 g|400 g|900 g', 'boîte:12', 1500, 9000],
    ],
  },
  {
    name: 'Boissons',
    categories: [
      ['Eaux minérales', 'Eau minérale|Eau de source|Eau gazeuse', '50 cl|1,5 L|5 L|10 L', 'bouteille:12|pack:6', 150, 1500],
      ['Sodas', 'Soda cola|Soda orange|Limonade|Tonic', '33 cl|35 cl|1 L|1,5 L', 'bouteille:12|canette:24', 200, 800],
      ['Jus et nectars', 'Jus de bissap|Jus de gingembre|Nectar mangue|Jus d’ananas', '25 cl|33 cl|1 L|1,5 L', 'bouteille:12|pack:6', 250, 1800],
      ['Boissons énergisantes', 'Boisson énergisante|Boisson au malt', '25 cl|33 cl|50 cl', 'canette:24|bouteille:12', 350, 900],
      ['Sirops', 'Sirop de grenadine|Sirop de menthe|Sirop de citron', '75 cl|1 L|1,5 L', 'bouteille:12', 1200, 3500],
      ['Bières et vins', 'Bière blonde|Vin rouge|Bière sans alcool', '33 cl|65 cl|75 cl|1 L', 'bouteille:12|canette:24|carton:1', 400, 6500],
    ],
  },
  {
    name: 'Droguerie',
    categories: [
      ['Savons', 'Savon de ménage|Savon de Marseille|Savon antiseptique|Savon karité', '200 g|250 g|400 g|1 kg', 'pièce:1|carton:48', 125, 900],
      ['Détergents', 'Lessive en poudre|Lessive liquide|Liquide vaisselle|Eau de Javel', '500 g|500 ml|1 kg|1 L|5 kg|5 L', 'paquet:12|bouteille:12|bidon:1', 300, 6500],
      ['Insecticides', 'Insecticide aérosol|Spirale anti-moustiques|Raquette électrique', '300 ml|600 ml|boîte de 10', 'pièce:1|carton:24', 200, 2800],
      ['Entretien de la maison', 'Serpillière|Balai|Seau plastique|Éponge grattoir', 'standard|grand modèle|10 L|15 L', 'pièce:1|lot:6', 400, 3500],
      ['Papier et hygiène', 'Papier hygiénique|Mouchoirs en papier|Serviettes hygiéniques|Couches bébé', 'x4|x10|x12|taille 4|taille 5', 'paquet:12|carton:1', 300, 7500],
      ['Allumettes et bougies', 'Allumettes|Bougies blanches|Briquet', 'x10|grand modèle|boîte de 50', 'paquet:10|boîte:50|pièce:1', 25, 1500],
    ],
  },
  {
    name: 'Cosmétiques',
    categories: [
      ['Soins du corps', 'Lait corporel|Beurre de karité|Crème hydratante|Huile de coco', '250 g|250 ml|400 ml|500 ml', 'flacon:12|pot:12', 800, 6500],
      ['Soins des cheveux', 'Défrisant|Shampooing|Mèches synthétiques|Gel coiffant', 'noir 1B|250 ml|400 g|500 g', 'pot:12|flacon:12|paquet:10', 900, 7500],
      ['Hygiène bucco-dentaire', 'Dentifrice|Brosse à dents|Bain de bouche', 'souple|medium|75 ml|100 ml|140 g', 'tube:12|pièce:1', 150, 1800],
      ['Parfums et déodorants', 'Eau de Cologne|Déodorant|Parfum concentré', '50 ml|100 ml|150 ml|200 ml', 'flacon:12|pièce:1', 700, 9000],
    ],
  },
  {
    name: 'Quincaillerie',
    categories: [
      ['Visserie et clouterie', 'Pointes|Vis à bois|Boulons|Chevilles|Tire-fond', '40 mm|70 mm|100 mm|6x60|8x80', 'boîte:100|kg:1', 400, 2500],
      ['Outillage à main', 'Marteau|Tournevis|Pince universelle|Clé à molette|Scie à métaux', '300 g|500 g|200 mm|250 mm|12"', 'pièce:1', 1200, 12000],
      ['Serrurerie', 'Cadenas|Serrure à larder|Charnière|Verrou', '30 mm|40 mm|50 mm|100 mm', 'pièce:1|boîte:10', 900, 9500],
      ['Fers et aciers', 'Fer à béton|Tube carré|Cornière|Fil d’attache', '6 mm|8 mm|10 mm|12 mm|40x40', 'barre:1|kg:1', 650, 9500],
      ['Tôles et toiture', 'Tôle ondulée|Tôle bac alu|Faîtière|Pointes tête parapluie', '0,35 mm|0,40 mm|2 m|2,5 m|3 m', 'pièce:1|kg:1', 1800, 9500],
      ['Outillage électroportatif', 'Perceuse|Meuleuse|Disque à tronçonner|Foret béton', '8 mm|10 mm|115 mm|230 mm|600 W|800 W', 'pièce:1|boîte:10', 600, 65000],
      ['Soudure', 'Baguettes de soudure|Masque de soudeur|Poste à souder', '2,5 mm|3,2 mm|4 mm|160 A|200 A', 'paquet:1|pièce:1', 1500, 95000],
      ['Quincaillerie de bâtiment', 'Brouette|Pelle|Pioche|Truelle|Niveau à bulle', 'standard|renforcée|60 cm|80 cm|90 L', 'pièce:1', 1500, 28000],
    ],
  },
  {
    name: 'Matériaux de construction',
    categories: [
      ['Ciment', 'Ciment CPJ 35|Ciment CPA 45|Ciment blanc', '25 kg|50 kg|50 kg', 'sac:1|tonne:1', 4200, 95000],
      ['Carrelage', 'Carreau sol|Carreau mural|Plinthe', '30x30|40x40|45x45|60x60|20x60', 'm²:1|carton:1', 3500, 9500],
      ['Bois et contreplaqué', 'Contreplaqué|Chevron|Planche coffrage|Madrier', '5 mm|10 mm|15 mm|4 m|5 m', 'pièce:1', 1500, 14000],
      ['Agrégats', 'Sable lagunaire|Gravier|Latérite', 'm³|tonne|benne', 'tonne:1|m³:1', 6000, 45000],
      ['Étanchéité', 'Feutre bitumé|Enduit étanche|Mastic', '300 ml|5 kg|1 m x 10 m|20 kg', 'rouleau:1|seau:1|pièce:1', 2500, 22000],
    ],
  },
  {
    name: 'Peinture',
    categories: [
      ['Peintures à eau', 'Peinture à eau|Peinture façade|Peinture plafond', '1 kg|5 kg|20 kg|25 kg', 'pot:1|seau:1', 1500, 42000],
      ['Peintures à huile', 'Peinture glycéro|Laque brillante|Antirouille', '0,5 L|1 L|4 L|20 L', 'pot:1|bidon:1', 2200, 55000],
      ['Accessoires de peinture', 'Rouleau|Pinceau|Bac à peinture|Ruban de masquage', '50 mm|70 mm|180 mm|230 mm|25 m', 'pièce:1|lot:6', 300, 3500],
      ['Diluants et vernis', 'Diluant|White-spirit|Vernis bois', '1 L|5 L|20 L', 'bidon:1|bouteille:12', 1500, 28000],
    ],
  },
  {
    name: 'Électricité',
    categories: [
      ['Câbles et fils', 'Fil électrique|Câble souple|Câble rigide', '1,5 mm²|2,5 mm²|4 mm²|6 mm²', 'rouleau:1|mètre:1', 150, 55000],
      ['Appareillage', 'Interrupteur|Prise de courant|Disjoncteur|Boîte de dérivation', 'simple|double|10 A|16 A|20 A|32 A', 'pièce:1|boîte:10', 400, 7500],
      ['Éclairage', 'Ampoule LED|Réglette néon|Projecteur LED|Lampe torche', '9 W|12 W|18 W|50 W|100 W', 'pièce:1|boîte:10', 500, 22000],
      ['Piles et batteries', 'Pile alcaline|Pile saline|Batterie moto', 'AAA|AA|R20|12 V 7 Ah|12 V 9 Ah', 'blister:24|pièce:1', 75, 18000],
      ['Solaire', 'Panneau solaire|Régulateur de charge|Lampe solaire', '10 A|20 A|50 W|100 W|150 W', 'pièce:1', 6000, 85000],
    ],
  },
  {
    name: 'Plomberie',
    categories: [
      ['Tubes PVC', 'Tube PVC pression|Tube PVC évacuation|Coude PVC|Té PVC', '20 mm|25 mm|32 mm|63 mm|100 mm|110 mm', 'barre:1|pièce:1', 600, 9500],
      ['Robinetterie', 'Robinet simple|Mitigeur|Vanne d’arrêt|Flotteur', '1/2"|3/4"|15x21|20x27', 'pièce:1', 1500, 28000],
      ['Sanitaires', 'WC complet|Lavabo|Chasse d’eau|Siphon', 'standard|blanc|ivoire', 'pièce:1', 3500, 65000],
      ['Raccords', 'Raccord union|Manchon|Réduction|Colle PVC', '20 mm|25 mm|32 mm|1/2"|3/4"|250 ml', 'pièce:1|boîte:50', 150, 2500],
    ],
  },
  {
    name: 'Ustensiles et ménage',
    categories: [
      ['Marmites et casseroles', 'Marmite alu|Casserole émaillée|Faitout|Poêle', 'n° 10|n° 20|n° 30|n° 40|24 cm', 'pièce:1', 2500, 28000],
      ['Vaisselle', 'Assiette|Verre|Bol|Plateau|Cuillère', 'verre|25 cm|x6|x12', 'lot:6|carton:1|pièce:1', 200, 6500],
      ['Plastiques ménagers', 'Seau|Bassine|Bouilloire plastique|Glacière', '5 L|10 L|20 L|40 L|60 L', 'pièce:1', 500, 12000],
      ['Petit électroménager', 'Ventilateur|Fer à repasser|Mixeur|Réchaud à gaz', '16"|18"|1 000 W|1,5 L|2 feux', 'pièce:1', 6000, 35000],
    ],
  },
  {
    name: 'Papeterie',
    categories: [
      ['Cahiers et papier', 'Cahier 100 pages|Cahier 200 pages|Rame de papier A4|Bloc-notes', 'A5|A4|grands carreaux|A4 80 g', 'pièce:1|paquet:10|rame:5', 150, 3500],
      ['Écriture', 'Stylo à bille|Crayon de papier|Feutre|Craie blanche', 'bleu|noir|rouge|HB|boîte de 12', 'boîte:50|pièce:1', 25, 1800],
      ['Fournitures scolaires', 'Ardoise|Règle 30 cm|Compas|Cartable', 'standard|30 cm|grand modèle', 'pièce:1|lot:12', 150, 6500],
    ],
  },
  {
    name: 'Téléphonie',
    categories: [
      ['Accessoires téléphone', 'Chargeur|Câble USB|Écouteurs|Coque de protection', 'type C|micro-USB|1 m|2 m|jack 3,5', 'pièce:1|boîte:10', 500, 4500],
      ['Cartes et recharges', 'Carte de recharge|Carte SIM|Kit de démarrage', 'nano SIM|1 000 F|2 000 F|5 000 F', 'pièce:1|boîte:100', 100, 4900],
      ['Téléphones', 'Téléphone basique|Smartphone d’entrée de gamme|Power bank', '10 000 mAh|20 000 mAh|double SIM|32 Go|64 Go', 'pièce:1', 6500, 55000],
    ],
  },
  {
    name: 'Agriculture et élevage',
    categories: [
      ['Engrais', 'Engrais NPK|Urée|Engrais foliaire', '1 kg|1 L|25 kg|50 kg', 'sac:1|bidon:1', 900, 22000],
      ['Semences', 'Semences de maïs|Semences de tomate|Semences d’oignon', '100 g|500 g|1 kg|25 kg', 'sachet:20|sac:1', 500, 35000],
      ['Outils agricoles', 'Daba|Machette|Arrosoir|Pulvérisateur', 'standard|manche long|15 L|16 L', 'pièce:1', 1500, 22000],
      ['Aliments pour bétail', 'Aliment volaille|Son de blé|Pierre à lécher', '5 kg|bloc 5 kg|25 kg|50 kg', 'sac:1|pièce:1', 2500, 14500],
      ['Produits phytosanitaires', 'Herbicide|Fongicide|Insecticide agricole', '100 g|500 ml|1 L|5 L', 'bidon:1|flacon:12|sachet:20', 1200, 14000],
    ],
  },
  {
    name: 'Moto et auto',
    categories: [
      ['Lubrifiants', 'Huile moteur 4T|Huile moteur 2T|Graisse|Liquide de frein', '1 L|1 L 20W50|1 L 15W40|4 L|5 L', 'bidon:1|carton:12', 1800, 14000],
      ['Pièces moto', 'Chambre à air|Pneu moto|Plaquettes de frein|Chaîne de transmission|Bougie', '2.75-17|3.00-18|100 cc|125 cc|standard', 'pièce:1', 900, 18000],
      ['Accessoires auto', 'Balai d’essuie-glace|Triangle de signalisation|Ampoule phare', '16"|20"|H4 12 V|H7 12 V|standard', 'pièce:1', 1000, 9500],
    ],
  },
  {
    name: 'Textile',
    categories: [
      ['Pagnes', 'Pagne wax|Pagne tissé|Bazin riche|Kita', '1 pièce|3 yards|6 yards|12 yards', 'pièce:1|mètre:1', 1500, 25000],
      ['Vêtements', 'Tee-shirt|Pantalon|Chemise|Boubou', 'M|L|XL|XXL|enfant', 'pièce:1|paquet:12', 1500, 9500],
      ['Chaussures', 'Sandales|Tapettes|Chaussures de sécurité|Bottes', 'T. 38|T. 40|T. 42|T. 44', 'paire:1|carton:12', 800, 18000],
      ['Mercerie', 'Fil à coudre|Boutons|Fermeture éclair|Élastique', 'x10|x100|20 cm|bobine 500 m', 'paquet:12|douzaine:12|pièce:1', 50, 1500],
    ],
  },
];

export const BRANDS = [
  'Dinor', 'Mami', 'Sahel', 'Baobab', 'Teranga', 'Ivoire', 'Niger', 'Savane', 'Lagune', 'Comoé', 'Bandama', 'Djoliba', 'Faso', 'Kanaga', 'Akwaba', 'Wassa', 'Soleil', 'Étoile', 'Palmier',
  'Karité', 'Nyama', 'Yamousso', 'Bélier', 'Éléphant', 'Lion d’Or', 'Panthère', 'Colombe', 'Royal', 'Prestige', 'Export', 'Premium', 'Fraîcheur', 'Tropical', 'Mandingue', 'Sénoufo', 'Dogon',
];
