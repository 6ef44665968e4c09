/** EAN-13: 12 digits plus a check digit (weights 1, 3, 1, 3… from the left, modulo 10). */
export function ean13CheckDigit(twelveDigits: string): number {
  if (!/^\d{12}$/.test(twelveDigits)) throw new RangeError(`EAN-13 : 12 chiffres attendus, reçu « ${twelveDigits} »`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelveDigits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function ean13(twelveDigits: string): string {
  return `${twelveDigits}${ean13CheckDigit(twelveDigits)}`;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}
