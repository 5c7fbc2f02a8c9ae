/** The message of an amount staff typed in the Tyres tab that is not one (money.ts `parsePounds`). */
export const amountMessage = 'Enter an amount in pounds, for example 89.99';
