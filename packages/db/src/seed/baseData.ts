import { italianIban } from '@app/domain';
import type { Tx } from '../client.ts';
import { accounts, banks, suppliers } from '../schema/index.ts';

/** A few rows of the Italian bank directory for South Tyrol (ABI + CAB, BIC). */
export const demoBanks = [
  {
    abi: '06045',
    cab: '11601',
    name1: 'Südtiroler Sparkasse AG',
    name2: 'Cassa di Risparmio di Bolzano - Bozen',
    street: 'Sparkassenstraße 12',
    postalCode: '39100',
    location: 'Bozen',
    province: 'BZ',
    swift: 'CRBZIT2B',
  },
  {
    abi: '06045',
    cab: '58590',
    name1: 'Südtiroler Sparkasse AG',
    name2: 'Filiale Meran / Merano',
    street: 'Sparkassenstraße 2',
    postalCode: '39012',
    location: 'Meran',
    province: 'BZ',
    swift: 'CRBZIT2B',
  },
  {
    abi: '05856',
    cab: '11601',
    name1: 'Südtiroler Volksbank AG',
    name2: "Banca Popolare dell'Alto Adige - Bozen",
    street: 'Schlachthofstraße 55',
    postalCode: '39100',
    location: 'Bozen',
    province: 'BZ',
    swift: 'BPAAIT2B',
  },
  {
    abi: '05856',
    cab: '58590',
    name1: 'Südtiroler Volksbank AG',
    name2: 'Filiale Meran / Merano',
    street: 'Rennweg 2',
    postalCode: '39012',
    location: 'Meran',
    province: 'BZ',
    swift: 'BPAAIT2B',
  },
  {
    abi: '03493',
    cab: '11600',
    name1: 'Raiffeisen Landesbank Südtirol AG',
    name2: 'Cassa Centrale Raiffeisen - Bozen',
    street: 'Laurinstraße 1',
    postalCode: '39100',
    location: 'Bozen',
    province: 'BZ',
    swift: 'RZSBIT2B',
  },
  {
    abi: '08081',
    cab: '11601',
    name1: 'Raiffeisenkasse Bozen',
    name2: 'Cassa Raiffeisen di Bolzano',
    street: 'Laurinstraße 2',
    postalCode: '39100',
    location: 'Bozen',
    province: 'BZ',
    swift: 'RZSBIT21003',
  },
  {
    abi: '08255',
    cab: '58160',
    name1: 'Raiffeisenkasse Überetsch',
    name2: 'Cassa Raiffeisen Oltradige - Eppan',
    street: 'Bahnhofstraße 1',
    postalCode: '39057',
    location: 'Eppan',
    province: 'BZ',
    swift: 'RZSBIT21007',
  },
  {
    abi: '08112',
    cab: '58530',
    name1: 'Raiffeisenkasse Lana',
    name2: 'Cassa Raiffeisen Lana',
    street: 'Maria-Hilf-Straße 5',
    postalCode: '39011',
    location: 'Lana',
    province: 'BZ',
    swift: 'RZSBIT21005',
  },
  {
    abi: '08133',
    cab: '58290',
    name1: 'Raiffeisenkasse Leifers',
    name2: 'Cassa Raiffeisen Laives',
    street: 'Kennedystraße 139',
    postalCode: '39055',
    location: 'Leifers',
    province: 'BZ',
    swift: 'RZSBIT21012',
  },
  {
    abi: '08234',
    cab: '58210',
    name1: 'Raiffeisenkasse Algund',
    name2: 'Cassa Raiffeisen Lagundo',
    street: 'Hans-Gamper-Platz 1',
    postalCode: '39022',
    location: 'Algund',
    province: 'BZ',
    swift: 'RZSBIT21009',
  },
  {
    abi: '07601',
    cab: '11600',
    name1: 'Poste Italiane S.p.A.',
    name2: 'BancoPosta - Bozen / Bolzano',
    street: 'Pfarrplatz 13',
    postalCode: '39100',
    location: 'Bozen',
    province: 'BZ',
    swift: 'BPPIITRRXXX',
  },
];

/** The house bank of each demo department (ABI + CAB of demoBanks) and its account number. */
const houseBank: Record<string, { abi: string; cab: string; account: string }> = {
  '000': { abi: '03493', cab: '11600', account: '000000112233' },
  '100': { abi: '06045', cab: '11601', account: '000000455120' },
  '200': { abi: '05856', cab: '58590', account: '000003317001' },
  '101': { abi: '08133', cab: '58290', account: '000000018425' },
  '102': { abi: '08255', cab: '58160', account: '000000071190' },
  '201': { abi: '08112', cab: '58530', account: '000000002641' },
  '202': { abi: '08234', cab: '58210', account: '000000009378' },
};

function ibanOf(abi: string, cab: string, account: string): { cin: string; accountNumber: string; iban: string } {
  const generated = italianIban(abi, cab, account);
  if (!generated) throw new Error(`demo IBAN ${abi} ${cab} ${account}`);
  return { cin: generated.cin, accountNumber: generated.accountNumber, iban: generated.iban };
}

function bankOf(abi: string, cab: string) {
  const bank = demoBanks.find((b) => b.abi === abi && b.cab === cab);
  if (!bank) throw new Error(`demo bank ${abi} ${cab}`);
  return bank;
}

/** Suppliers every demo department knows (codes 1001...), with bank details and generated IBANs. */
export const demoSuppliers = [
  {
    code: 1001,
    searchKey: 'PICHLER',
    name1: 'Feuerwehrtechnik Pichler KG',
    name2: 'Atemschutz und Armaturen',
    street: 'Galvanistraße 28',
    postalCode: '39100',
    location: 'Bozen',
    vatCode: '02184930214',
    taxCode: '02184930214',
    landlinePhone: '0471 203344',
    email: 'info@pichler-feuerwehrtechnik.it',
    internet: 'www.pichler-feuerwehrtechnik.it',
    contactPerson: 'Martin Pichler',
    chapterProposal: '21003',
    language: 'de',
    bank: { abi: '06045', cab: '11601', account: '100000271845' },
  },
  {
    code: 1002,
    searchKey: 'GRUBER',
    name1: 'Elektro Gruber OHG',
    name2: 'des Gruber Peter & Co.',
    street: 'Gampenstraße 7',
    postalCode: '39011',
    location: 'Lana',
    vatCode: '01473650217',
    taxCode: '01473650217',
    landlinePhone: '0473 561122',
    email: 'office@elektro-gruber.bz',
    internet: '',
    contactPerson: 'Peter Gruber',
    chapterProposal: '21001',
    language: 'de',
    bank: { abi: '08112', cab: '58530', account: '000000045210' },
  },
  {
    code: 1003,
    searchKey: 'MAIR',
    name1: 'Autowerkstatt Mair GmbH',
    name2: 'Nutzfahrzeuge',
    street: 'Bozner Straße 44',
    postalCode: '39057',
    location: 'Eppan',
    vatCode: '00981230218',
    taxCode: '00981230218',
    landlinePhone: '0471 662108',
    email: 'werkstatt@mair-eppan.it',
    internet: 'www.mair-eppan.it',
    contactPerson: 'Thomas Mair',
    chapterProposal: '22001',
    language: 'de',
    bank: { abi: '08255', cab: '58160', account: '000000310057' },
  },
  {
    code: 1004,
    searchKey: 'ROSSI',
    name1: 'Tipografia Rossi Snc',
    name2: 'di Rossi Luca & C.',
    street: 'Via Kennedy 95',
    postalCode: '39055',
    location: 'Laives',
    vatCode: '01820450212',
    taxCode: '01820450212',
    landlinePhone: '0471 950377',
    email: 'stampa@tipografiarossi.it',
    internet: '',
    contactPerson: 'Luca Rossi',
    chapterProposal: '21001',
    language: 'it',
    bank: { abi: '05856', cab: '11601', account: '070571008812' },
  },
  {
    code: 1005,
    searchKey: 'OBERHOFER',
    name1: 'Textil Oberhofer & Co. KG',
    name2: 'Dienstbekleidung',
    street: 'Romstraße 120',
    postalCode: '39012',
    location: 'Meran',
    vatCode: '00712560213',
    taxCode: '00712560213',
    landlinePhone: '0473 236590',
    email: 'verkauf@oberhofer-textil.it',
    internet: 'www.oberhofer-textil.it',
    contactPerson: 'Anna Oberhofer',
    chapterProposal: '21003',
    language: 'de',
    bank: { abi: '06045', cab: '58590', account: '000000889004' },
  },
];

/**
 * Suppliers only 102 (open payments allowed) knows, for the homebanking cases: a foreign SEPA supplier
 * (Austrian IBAN with BIC: a foreign order, pain.001) and a local craftsman without bank details (listed
 * as not payable: NoValidIban). Their December bills stay open into the next year (demo bookings).
 */
export const demoSuppliersOf: Readonly<Record<string, readonly (typeof suppliers.$inferInsert & { code: number })[]>> = {
  '102': [
    {
      departmentId: 0,
      code: 1006,
      searchKey: 'ROSENBAUER',
      name1: 'Rosenbauer Österreich GmbH',
      name2: 'Einsatzbekleidung',
      street: 'Paschinger Straße 90',
      postalCode: '4060',
      location: 'Leonding',
      country: 'AT',
      province: '',
      isoCode: 'AT',
      vatCode: 'ATU23411204',
      email: 'office@rosenbauer.com',
      internet: 'www.rosenbauer.com',
      chapterProposal: '21004',
      language: 'de',
      bankName: 'Raiffeisenlandesbank Oberösterreich',
      swift: 'RZOOAT2L',
      iban: 'AT533400000000471122',
    },
    {
      departmentId: 0,
      code: 1007,
      searchKey: 'THALER',
      name1: 'Schlosserei Thaler',
      name2: 'Metallbau und Reparaturen',
      street: 'Bahnhofstraße 3',
      postalCode: '39057',
      location: 'Eppan',
      province: 'BZ',
      vatCode: '02566410217',
      taxCode: '02566410217',
      landlinePhone: '0471 663015',
      contactPerson: 'Josef Thaler',
      chapterProposal: '21007',
      language: 'de',
    },
  ],
};

/**
 * The base data of the demo: the bank directory rows, and for every department a cash account, a
 * bank account at its house bank and the demo suppliers (102 two more: demoSuppliersOf).
 */
export async function seedBaseData(tx: Tx, departmentIds: ReadonlyMap<string, number>): Promise<void> {
  const insertedBanks = await tx
    .insert(banks)
    .values(demoBanks.map((b) => ({ ...b, key: `${b.abi}${b.cab}`, country: 'IT' })))
    .returning({ id: banks.id, key: banks.key });
  const bankId = (abi: string, cab: string) => insertedBanks.find((b) => b.key === `${abi}${cab}`)?.id ?? null;

  for (const [code, departmentId] of departmentIds) {
    const house = houseBank[code];
    if (!house) continue;
    const bank = bankOf(house.abi, house.cab);
    await tx.insert(accounts).values([
      { departmentId, code: 'K1', type: 1, descriptionDeu: 'Kassa', descriptionIta: 'Cassa', notes: 'Barkasse im Gerätehaus' },
      {
        departmentId,
        code: 'B1',
        type: 2,
        descriptionDeu: `Kontokorrent ${bank.name1}`.slice(0, 50),
        descriptionIta: `Conto corrente ${bank.name2.split(' - ')[0] ?? bank.name1}`.slice(0, 50),
        iban: ibanOf(house.abi, house.cab, house.account).iban,
        bankName: bank.name1,
        swift: bank.swift,
      },
    ]);
    await tx.insert(suppliers).values(
      demoSuppliers.map(({ bank: coordinates, ...s }) => {
        const b = bankOf(coordinates.abi, coordinates.cab);
        return {
          ...s,
          departmentId,
          country: 'IT',
          province: 'BZ',
          isoCode: 'IT',
          bankId: bankId(coordinates.abi, coordinates.cab),
          bankName: b.name1,
          bankKey: `${coordinates.abi}${coordinates.cab}`,
          swift: b.swift,
          ...ibanOf(coordinates.abi, coordinates.cab, coordinates.account),
        };
      }),
    );
    const own = demoSuppliersOf[code] ?? [];
    if (own.length > 0) await tx.insert(suppliers).values(own.map((s) => ({ ...s, departmentId })));
  }
}
