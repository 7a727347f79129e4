/**
 * Destination banks per country (transaction/list_bank_international): real banks of each
 * country with their head-office SWIFT/BIC. The id names the country and the bank; the rail is
 * told the id and the SWIFT code the user typed.
 */
export interface InternationalBank {
  id: string;
  namaBank: string;
  swift: string;
}

export const INTERNATIONAL_BANKS: Readonly<Record<string, readonly InternationalBank[]>> = {
  PH: [
    { id: 'PH-BDO', namaBank: 'BDO Unibank', swift: 'BNORPHMM' },
    { id: 'PH-BPI', namaBank: 'Bank of the Philippine Islands', swift: 'BOPIPHMM' },
    { id: 'PH-MBTC', namaBank: 'Metropolitan Bank and Trust Company', swift: 'MBTCPHMM' },
    { id: 'PH-LBP', namaBank: 'Land Bank of the Philippines', swift: 'TLBPPHMM' },
    { id: 'PH-SECB', namaBank: 'Security Bank', swift: 'SETCPHMM' },
    { id: 'PH-UBP', namaBank: 'UnionBank of the Philippines', swift: 'UBPHPHMM' },
  ],
  IN: [
    { id: 'IN-SBI', namaBank: 'State Bank of India', swift: 'SBININBB' },
    { id: 'IN-HDFC', namaBank: 'HDFC Bank', swift: 'HDFCINBB' },
    { id: 'IN-ICICI', namaBank: 'ICICI Bank', swift: 'ICICINBB' },
    { id: 'IN-AXIS', namaBank: 'Axis Bank', swift: 'AXISINBB' },
    { id: 'IN-PNB', namaBank: 'Punjab National Bank', swift: 'PUNBINBB' },
    { id: 'IN-KOTAK', namaBank: 'Kotak Mahindra Bank', swift: 'KKBKINBB' },
  ],
  MY: [
    { id: 'MY-MBB', namaBank: 'Maybank', swift: 'MBBEMYKL' },
    { id: 'MY-CIMB', namaBank: 'CIMB Bank', swift: 'CIBBMYKL' },
    { id: 'MY-PBB', namaBank: 'Public Bank', swift: 'PBBEMYKL' },
    { id: 'MY-RHB', namaBank: 'RHB Bank', swift: 'RHBBMYKL' },
    { id: 'MY-HLB', namaBank: 'Hong Leong Bank', swift: 'HLBBMYKL' },
    { id: 'MY-AMB', namaBank: 'AmBank', swift: 'ARBKMYKL' },
  ],
  SG: [
    { id: 'SG-DBS', namaBank: 'DBS Bank', swift: 'DBSSSGSG' },
    { id: 'SG-OCBC', namaBank: 'OCBC Bank', swift: 'OCBCSGSG' },
    { id: 'SG-UOB', namaBank: 'United Overseas Bank', swift: 'UOVBSGSG' },
    { id: 'SG-MBB', namaBank: 'Maybank Singapore', swift: 'MBBESGS2' },
    { id: 'SG-SCB', namaBank: 'Standard Chartered Bank (Singapore)', swift: 'SCBLSG22' },
    { id: 'SG-HSBC', namaBank: 'HSBC Bank (Singapore)', swift: 'HSBCSGS2' },
  ],
  CN: [
    { id: 'CN-ICBC', namaBank: 'Industrial and Commercial Bank of China', swift: 'ICBKCNBJ' },
    { id: 'CN-CCB', namaBank: 'China Construction Bank', swift: 'PCBCCNBJ' },
    { id: 'CN-ABC', namaBank: 'Agricultural Bank of China', swift: 'ABOCCNBJ' },
    { id: 'CN-BOC', namaBank: 'Bank of China', swift: 'BKCHCNBJ' },
    { id: 'CN-BOCOM', namaBank: 'Bank of Communications', swift: 'COMMCNSH' },
    { id: 'CN-CMB', namaBank: 'China Merchants Bank', swift: 'CMBCCNBS' },
  ],
  HK: [
    { id: 'HK-HSBC', namaBank: 'The Hongkong and Shanghai Banking Corporation', swift: 'HSBCHKHH' },
    { id: 'HK-HASE', namaBank: 'Hang Seng Bank', swift: 'HASEHKHH' },
    { id: 'HK-BOCHK', namaBank: 'Bank of China (Hong Kong)', swift: 'BKCHHKHH' },
    { id: 'HK-SCB', namaBank: 'Standard Chartered Bank (Hong Kong)', swift: 'SCBLHKHH' },
    { id: 'HK-BEA', namaBank: 'The Bank of East Asia', swift: 'BEASHKHH' },
    { id: 'HK-DBS', namaBank: 'DBS Bank (Hong Kong)', swift: 'DHBKHKHH' },
  ],
};

export function findInternationalBank(
  countryCode: string,
  bankId: string,
): InternationalBank | undefined {
  return INTERNATIONAL_BANKS[countryCode]?.find((bank) => bank.id === bankId);
}

/** Transfer purposes (data/transfer_purpose_list_remittance): ids; names from the catalog. */
export const TRANSFER_PURPOSES = [
  'FAMILY',
  'EDUCATION',
  'MEDICAL',
  'SALARY',
  'BUSINESS',
  'TRAVEL',
  'SAVINGS',
  'GIFT',
] as const;
