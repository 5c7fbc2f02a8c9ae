// The `jobs` scenario's customers: people of the area, their vehicles and addresses, drawn from
// the shared seeded generator (jobs-random.ts), each vehicle with the catalogue's tyres of its size.
import type { PriceFileTyre } from '#common/tyres/price-file.ts';
import { between, pick, random } from './jobs-random.ts';

const firstNames = (
  'James Sarah David Emma Michael Claire Paul Laura Mark Rebecca Daniel Sophie Chris Hannah ' +
  'Andrew Jessica Richard Amy Steven Lucy Gary Karen Lee Nicola Tom Charlotte Matthew Kelly ' +
  'Adam Gemma Ryan Zoe Jason Stacey Dean Samantha Mohammed Priya Ahmed Fatima Tomasz Olu Chioma'
).split(' ');
/** Most common first: the first few take most customers. */
const surnames = (
  'Smith Jones Taylor Brown Williams Wilson Johnson Davies Patel Robinson Wright Thompson ' +
  'Evans Walker White Roberts Green Hall Wood Jackson Clarke Khan Harris Lewis Martin Cooper ' +
  'King Baker Turner Hill Moore Ward Morris Clark Allen Scott Young Mitchell Carter Begum ' +
  'Hussain Ali Kowalski Nowak Okafor Adeyemi Murphy Kelly Collins Fletcher Marsh Payne'
).split(' ');
const emailDomains =
  'gmail.com hotmail.co.uk outlook.com yahoo.co.uk btinternet.com icloud.com sky.com'.split(' ');
const vehicleModels = (
  'Ford Fiesta, Ford Focus, Ford Transit Custom, Vauxhall Corsa, Vauxhall Astra, Volkswagen Golf, ' +
  'Volkswagen Polo, Volkswagen Transporter, BMW 3 Series, BMW 1 Series, Audi A3, Audi A4, ' +
  'Mercedes C-Class, Mercedes A-Class, Nissan Qashqai, Nissan Juke, Toyota Yaris, Toyota Corolla, ' +
  'Kia Sportage, Kia Ceed, Hyundai Tucson, Peugeot 208, Peugeot 3008, Renault Clio, Skoda Octavia, ' +
  'Honda Civic, Mini Cooper, Range Rover Evoque, Tesla Model 3, Volvo XC60, Seat Leon, Dacia Sandero'
).split(', ');
const streets = (
  'High Street, Station Road, Church Lane, Victoria Road, Straight Road, Mill Lane, Park Avenue, ' +
  'London Road, Main Road, Queens Road, Kings Road, The Drive, Gubbins Lane, Ashton Road, Noak Hill Road'
).split(', ');
/** Towns of the area, with a district of each. */
const towns: [town: string, district: string][] = [
  ['Romford', 'RM1'],
  ['Romford', 'RM3'],
  ['Hornchurch', 'RM11'],
  ['Upminster', 'RM14'],
  ['Brentwood', 'CM14'],
  ['Billericay', 'CM12'],
  ['Basildon', 'SS14'],
  ['Wickford', 'SS12'],
  ['Southend-on-Sea', 'SS1'],
  ['Leigh-on-Sea', 'SS9'],
  ['Rayleigh', 'SS6'],
  ['Grays', 'RM17'],
  ['Dagenham', 'RM9'],
  ['Ilford', 'IG1'],
  ['Chelmsford', 'CM1'],
];
/** The letters of a postcode's inward part (never C, I, K, M, O or V). */
const inwardLetters = [...'ABDEFGHJLNPQRSTUWXYZ'];
/** The letters of a registration (never I or Q). */
const registrationLetters = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
/** Registrations' age identifiers: March (02-25) and September (51-74) plates. */
const ageIdentifiers = Array.from({ length: 24 }, (_, index) => [
  String(index + 2).padStart(2, '0'),
  String(index + 51),
]).flat();

/** A tyre of the seeded demo catalogue, as the history's jobs fitted it. */
export type CatalogueTyre = Pick<
  PriceFileTyre,
  | 'brand'
  | 'pattern'
  | 'width'
  | 'profile'
  | 'rim'
  | 'loadIndex'
  | 'speedRating'
  | 'extraLoad'
  | 'runFlat'
  | 'costPence'
> & { id: number };

export type Vehicle = {
  registration: string;
  vehicle: string;
  name: string;
  email: string;
  phone: string;
  addressLine: string;
  town: string;
  postcode: string;
  /** The catalogue's tyres in this vehicle's size. */
  tyres: CatalogueTyre[];
};

/** A distinct registration of the current format, AB12CDE. */
function registrationsOf(count: number): string[] {
  const seen = new Set<string>();
  while (seen.size < count) {
    const letter = () => registrationLetters[Math.floor(random() * registrationLetters.length)]!;
    seen.add(`${letter()}${letter()}${pick(ageIdentifiers)}${letter()}${letter()}${letter()}`);
  }
  return [...seen];
}

export function vehiclesOf(count: number, catalogue: Map<string, CatalogueTyre[]>): Vehicle[] {
  const sizes = [...catalogue.values()];
  return registrationsOf(count).map((registration) => {
    const first = pick(firstNames);
    const surname = pick(surnames, 1.3);
    const [town, district] = pick(towns);
    return {
      registration,
      vehicle: `${pick(vehicleModels, 1.3)} ${between(2008, 2024)}`,
      name: `${first} ${surname}`,
      email: `${first}.${surname}${between(1, 99)}@${pick(emailDomains, 1.5)}`.toLowerCase(),
      phone: `07${between(100, 999)} ${String(between(0, 999_999)).padStart(6, '0')}`,
      addressLine: `${between(1, 180)} ${pick(streets)}`,
      town,
      postcode: `${district} ${between(1, 9)}${pick(inwardLetters)}${pick(inwardLetters)}`,
      tyres: pick(sizes, 1.6),
    };
  });
}

/** Each vehicle two to four times a year, in a random order (Fisher-Yates). */
export function visitsOf(vehicles: readonly Vehicle[]): Vehicle[] {
  const visits = vehicles.flatMap((vehicle) => Array.from({ length: between(2, 4) }, () => vehicle));
  for (let index = visits.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [visits[index], visits[other]] = [visits[other]!, visits[index]!];
  }
  return visits;
}
