// The three demo customers of docs/architecture.md, password `Demo2026!`.
// Start dates are relative to the seeding day so that camille always owes documents on a policy
// that started less than 30 days ago (docs/product/README.md remaining days).
import {
  POLICY_STATES,
  type DocumentStatus,
  type PolicyState,
  type Salutation,
} from '@espace/contract';

export const DEMO_PASSWORD = 'Demo2026!';

export interface DemoGuarantee {
  type: string;
  description: string;
  franchise: number;
}
/**
 * A driver as the broker's record carries it, licence included (the relevé d'informations states
 * it, Code des assurances A121-1): a licence issued before 16 September 2013 has the pink paper's
 * 12 digits (year and month of issue, the prefecture's département, a 6-digit order number); a
 * later one the card's number (year of issue, 2 letters, 5 digits), both French formats of
 * docs/decisions/0008-licence-number-as-string.md.
 */
export interface DemoDriver {
  salutation: Salutation;
  firstName: string;
  lastName: string;
  birthDate: string;
  principal: boolean;
  crm: number;
  licenceNumber: string;
  licenceDate: string;
}
export interface DemoDocument {
  name: string;
  description: string;
  fileType: string;
  status: DocumentStatus | null;
  canResend: boolean;
  maxFileNumber?: number;
  exactFileNumber?: number;
}
export interface DemoPolicy {
  policyNumber: string;
  state: PolicyState;
  premiumA: number;
  startDaysAgo: number;
  garage?: number;
  vehicle: { licensePlate: string; manufacturer: string; model: string; guaranteeFormula: string };
  guarantees: DemoGuarantee[];
  drivers: DemoDriver[];
  payment?: { ownerName: string; bic: string; iban: string };
  documents: DemoDocument[];
}
export interface DemoCustomer {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  commercialConsent: boolean;
  address: { line1: string; postalCode: string; city: string };
  garages: { street: string; zip: string; city: string }[];
  policies: DemoPolicy[];
}

const RC: DemoGuarantee = {
  type: 'Responsabilité civile',
  description: 'Dommages corporels et matériels causés aux tiers',
  franchise: 0,
};
const DEFENSE: DemoGuarantee = {
  type: 'Défense pénale et recours',
  description: 'Prise en charge des frais de défense et de recours suite à un accident',
  franchise: 0,
};
const BRIS: DemoGuarantee = {
  type: 'Bris de glace',
  description: 'Pare-brise, vitres latérales, lunette arrière et toit vitré',
  franchise: 75,
};
const VOL: DemoGuarantee = {
  type: 'Vol et incendie',
  description: 'Vol, tentative de vol et incendie du véhicule',
  franchise: 300,
};
const DTA: DemoGuarantee = {
  type: 'Dommages tous accidents',
  description: 'Dommages subis par votre véhicule, même en cas d’accident responsable',
  franchise: 450,
};
const ASSISTANCE: DemoGuarantee = {
  type: 'Assistance 0 km',
  description: 'Dépannage et remorquage 24h/24, y compris devant votre domicile',
  franchise: 0,
};
const CONDUCTEUR: DemoGuarantee = {
  type: 'Protection du conducteur',
  description: 'Indemnisation des blessures du conducteur jusqu’à 500 000 €',
  franchise: 0,
};
const CATNAT: DemoGuarantee = {
  type: 'Catastrophes naturelles',
  description: 'Dommages causés par une catastrophe naturelle reconnue par arrêté',
  franchise: 380,
};
const CLIMAT: DemoGuarantee = {
  type: 'Événements climatiques',
  description: 'Tempête, grêle et poids de la neige',
  franchise: 300,
};

const TIERS = [RC, DEFENSE, ASSISTANCE];
const TIERS_PLUS = [RC, DEFENSE, BRIS, VOL, CATNAT, CLIMAT, ASSISTANCE];
const TOUS_RISQUES = [RC, DEFENSE, BRIS, VOL, DTA, CATNAT, CLIMAT, ASSISTANCE, CONDUCTEUR];

const doc = (
  name: string,
  description: string,
  fileType: string,
  status: DemoDocument['status'],
  canResend = false,
  extra: Partial<DemoDocument> = {},
): DemoDocument => ({ name, description, fileType, status, canResend, ...extra });

const camilleMain: DemoDriver = {
  salutation: 'Mme',
  firstName: 'Camille',
  lastName: 'Martin',
  birthDate: '1986-04-14',
  principal: true,
  crm: 0.68,
  // At 18, in the Rhône (69), September 2004.
  licenceNumber: '040969318452',
  licenceDate: '2004-09-17',
};
const thomasMartin: DemoDriver = {
  salutation: 'Mr',
  firstName: 'Thomas',
  lastName: 'Martin',
  birthDate: '1984-09-02',
  principal: false,
  crm: 0.76,
  // At 18, in the Rhône (69), March 2003.
  licenceNumber: '030369204517',
  licenceDate: '2003-03-12',
};
const ineMartin: DemoDriver = {
  salutation: 'Mme',
  firstName: 'Inès',
  lastName: 'Martin',
  birthDate: '2006-03-21',
  principal: false,
  crm: 1,
  // At 18, after accompanied driving: the card's format (2024).
  licenceNumber: '24AK38152',
  licenceDate: '2024-06-27',
};

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    email: 'camille.martin@example.fr',
    firstName: 'Camille',
    lastName: 'Martin',
    phoneNumber: '06 12 34 56 78',
    commercialConsent: true,
    address: { line1: '18 rue des Lilas', postalCode: '69003', city: 'Lyon' },
    garages: [
      { street: '18 rue des Lilas', zip: '69003', city: 'Lyon' },
      { street: '4 chemin des Vignes', zip: '69290', city: 'Craponne' },
    ],
    policies: [
      {
        policyNumber: 'AU2026104512',
        state: POLICY_STATES.active,
        premiumA: 742.36,
        startDaysAgo: 12,
        garage: 0,
        vehicle: {
          licensePlate: 'GH-482-KL',
          manufacturer: 'Peugeot',
          model: '208',
          guaranteeFormula: 'Tous Risques',
        },
        guarantees: TOUS_RISQUES,
        drivers: [camilleMain, thomasMartin],
        payment: {
          ownerName: 'Mme Camille Martin',
          bic: 'CCBPFRPPLYO',
          iban: 'FR7613807000353212345678973',
        },
        documents: [
          doc(
            'Permis de conduire',
            'Copie recto verso du permis de conduire du conducteur principal',
            'permis',
            'pending',
            false,
            { exactFileNumber: 2, maxFileNumber: 2 },
          ),
          doc(
            'Relevé d’informations',
            'Relevé d’informations de moins de 3 mois de votre précédent assureur',
            'releve',
            'rejected',
            true,
          ),
          doc(
            'Carte grise',
            'Certificat d’immatriculation du véhicule à votre nom',
            'carte_grise',
            'received',
            true,
          ),
          doc(
            'Justificatif de domicile',
            'Facture ou avis d’imposition de moins de 3 mois',
            'domicile',
            'validated',
            true,
          ),
          doc(
            'Mandat SEPA signé',
            'Mandat de prélèvement SEPA daté et signé',
            'mandat_sepa',
            'not validated',
            false,
          ),
          doc(
            'Courrier complémentaire',
            'Document envoyé de votre propre initiative',
            'autre',
            null,
            false,
          ),
        ],
      },
      {
        policyNumber: 'AU2025087731',
        state: POLICY_STATES.active,
        premiumA: 518.9,
        startDaysAgo: 420,
        garage: 0,
        vehicle: {
          licensePlate: 'FT-219-BN',
          manufacturer: 'Renault',
          model: 'Clio V',
          guaranteeFormula: 'Tiers Plus',
        },
        guarantees: TIERS_PLUS,
        drivers: [{ ...camilleMain }, ineMartin],
        payment: {
          ownerName: 'M. Thomas Martin',
          bic: 'AGRIFRPP878',
          iban: 'FR7630006000011234567890189',
        },
        documents: [
          doc(
            'Permis de conduire',
            'Copie recto verso du permis de conduire',
            'permis',
            'validated',
            false,
          ),
          doc(
            'Carte grise',
            'Certificat d’immatriculation du véhicule',
            'carte_grise',
            'cancelled',
            false,
          ),
          doc(
            'Attestation de conduite accompagnée',
            'Attestation de fin de formation initiale (AAC)',
            'aac',
            'validated',
            true,
          ),
        ],
      },
      {
        policyNumber: 'AU2024061108',
        state: POLICY_STATES.active,
        premiumA: 389.4,
        startDaysAgo: 790,
        garage: 1,
        vehicle: {
          licensePlate: 'EZ-731-QD',
          manufacturer: 'Dacia',
          model: 'Sandero Stepway',
          guaranteeFormula: 'Tiers',
        },
        guarantees: TIERS,
        drivers: [{ ...thomasMartin, principal: true }],
        documents: [
          doc(
            'Permis de conduire',
            'Copie recto verso du permis de conduire',
            'permis',
            'validated',
            false,
          ),
        ],
      },
      {
        policyNumber: 'AU2023049920',
        state: POLICY_STATES.active,
        premiumA: 1124.75,
        startDaysAgo: 1150,
        garage: 1,
        vehicle: {
          licensePlate: 'GA-905-MT',
          manufacturer: 'Toyota',
          model: 'Yaris Cross Hybride',
          guaranteeFormula: 'Tous Risques',
        },
        guarantees: TOUS_RISQUES,
        drivers: [{ ...camilleMain, crm: 0.5 }, thomasMartin],
        payment: {
          ownerName: 'Mme Camille Martin',
          bic: 'BNPAFRPPXXX',
          iban: 'FR7630004000031234567890143',
        },
        documents: [],
      },
      {
        policyNumber: 'AU2022031457',
        state: POLICY_STATES.suspended,
        premiumA: 276.1,
        startDaysAgo: 1500,
        vehicle: {
          licensePlate: 'DL-360-RS',
          manufacturer: 'Citroën',
          model: 'C3',
          guaranteeFormula: 'Tiers',
        },
        guarantees: TIERS,
        drivers: [{ ...camilleMain, crm: 0.57 }],
        documents: [
          doc(
            'Déclaration de suspension',
            'Justificatif de non-utilisation du véhicule',
            'suspension',
            'validated',
            false,
          ),
        ],
      },
      {
        policyNumber: 'AU2021018876',
        state: POLICY_STATES.active,
        premiumA: 935.0,
        startDaysAgo: 1830,
        vehicle: {
          licensePlate: 'FK-112-PA',
          manufacturer: 'Renault',
          model: 'Mégane E-Tech électrique',
          guaranteeFormula: 'Tous Risques',
        },
        guarantees: TOUS_RISQUES,
        drivers: [{ ...camilleMain, crm: 0.5 }],
        documents: [],
      },
      {
        policyNumber: 'AU2019004215',
        state: POLICY_STATES.terminated,
        premiumA: 612.8,
        startDaysAgo: 2500,
        vehicle: {
          licensePlate: 'CV-547-HG',
          manufacturer: 'Peugeot',
          model: '3008',
          guaranteeFormula: 'Tiers Plus',
        },
        guarantees: TIERS_PLUS,
        drivers: [{ ...camilleMain, crm: 0.64 }],
        documents: [
          doc(
            'Carte grise barrée',
            'Certificat de cession du véhicule',
            'cession',
            'pending',
            false,
          ),
        ],
      },
    ],
  },
  {
    email: 'jean.dupont@example.fr',
    firstName: 'Jean',
    lastName: 'Dupont',
    phoneNumber: '07 98 76 54 32',
    commercialConsent: false,
    address: { line1: '5 avenue Jean Jaurès', postalCode: '33000', city: 'Bordeaux' },
    garages: [{ street: '5 avenue Jean Jaurès', zip: '33000', city: 'Bordeaux' }],
    policies: [
      {
        policyNumber: 'AU2020007342',
        state: POLICY_STATES.terminated,
        premiumA: 455.2,
        startDaysAgo: 2100,
        garage: 0,
        vehicle: {
          licensePlate: 'BX-604-TE',
          manufacturer: 'Volkswagen',
          model: 'Golf VII',
          guaranteeFormula: 'Tiers Plus',
        },
        guarantees: TIERS_PLUS,
        drivers: [
          {
            salutation: 'Mr',
            firstName: 'Jean',
            lastName: 'Dupont',
            birthDate: '1971-11-30',
            principal: true,
            crm: 0.5,
            // At 18, in the Gironde (33), May 1990.
            licenceNumber: '900533127846',
            licenceDate: '1990-05-23',
          },
        ],
        payment: {
          ownerName: 'M. Jean Dupont',
          bic: 'SOGEFRPPXXX',
          iban: 'FR7630003000305678901234589',
        },
        // Pending, but ignored: the policy is 'Résilié' (docs/product/README.md).
        documents: [
          doc(
            'Certificat de cession',
            'Certificat de cession du véhicule vendu',
            'cession',
            'pending',
            false,
          ),
        ],
      },
      {
        policyNumber: 'AU2021012290',
        state: POLICY_STATES.terminatedLitigation,
        premiumA: 698.45,
        startDaysAgo: 1700,
        garage: 0,
        vehicle: {
          licensePlate: 'DN-278-AF',
          manufacturer: 'Ford',
          model: 'Puma',
          guaranteeFormula: 'Tous Risques',
        },
        guarantees: TOUS_RISQUES,
        drivers: [
          {
            salutation: 'Mr',
            firstName: 'Jean',
            lastName: 'Dupont',
            birthDate: '1971-11-30',
            principal: true,
            crm: 0.95,
            // At 18, in the Gironde (33), May 1990.
            licenceNumber: '900533127846',
            licenceDate: '1990-05-23',
          },
        ],
        documents: [
          doc(
            'Permis de conduire',
            'Copie recto verso du permis de conduire',
            'permis',
            'validated',
            false,
          ),
        ],
      },
    ],
  },
  {
    email: 'lea.bernard@example.fr',
    firstName: 'Léa',
    lastName: 'Bernard',
    phoneNumber: '06 45 23 89 10',
    commercialConsent: false,
    address: { line1: '27 boulevard de la Liberté', postalCode: '59000', city: 'Lille' },
    garages: [{ street: '27 boulevard de la Liberté', zip: '59000', city: 'Lille' }],
    policies: [
      {
        policyNumber: 'AU2025110264',
        state: POLICY_STATES.active,
        premiumA: 584.6,
        startDaysAgo: 200,
        garage: 0,
        vehicle: {
          licensePlate: 'GK-350-VR',
          manufacturer: 'Fiat',
          model: '500 Hybride',
          guaranteeFormula: 'Tiers Plus',
        },
        guarantees: TIERS_PLUS,
        drivers: [
          {
            salutation: 'Mme',
            firstName: 'Léa',
            lastName: 'Bernard',
            birthDate: '1995-07-08',
            principal: true,
            crm: 0.85,
            // At 18, in the Nord, five months after the card replaced the pink paper.
            licenceNumber: '14BD50218',
            licenceDate: '2014-02-19',
          },
        ],
        documents: [
          doc(
            'Permis de conduire',
            'Copie recto verso du permis de conduire',
            'permis',
            'validated',
            false,
          ),
          doc(
            'Relevé d’informations',
            'Relevé d’informations de votre précédent assureur',
            'releve',
            'validated',
            false,
          ),
        ],
      },
    ],
  },
];
