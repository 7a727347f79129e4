/** The part of mt940js (no types of its own) this module uses. */
declare module 'mt940js' {
  interface Mt940Transaction {
    details: string;
    amount: number;
    reference: string;
    bankReference: string;
  }
  interface Mt940Statement {
    accountIdentification: string;
    transactions: Mt940Transaction[];
  }
  class Parser {
    constructor(options?: { no86Structure?: boolean });
    parse(data: string, withTags?: boolean): Mt940Statement[];
  }
  const mt940: { Parser: typeof Parser };
  export default mt940;
}
