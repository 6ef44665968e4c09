/**
 * Code 39 (« 3 of 9 »): the barcode the ticket carries under its number, so a correction finds
 * the sale by scanning it. Every USB scanner reads it out of the box and it encodes a VB- number
 * as it is (digits, capitals, '-'). Each character is 9 elements — bar, space, bar… — of which 3
 * are wide; '*' starts and stops the code; a narrow space separates characters.
 */
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%*';
/** 1 = narrow, 2 = wide, for each character of CHARS (the standard Code 39 table). */
const PATTERNS = [
  '111221211',
  '211211112',
  '112211112',
  '212211111',
  '111221112',
  '211221111',
  '112221111',
  '111211212',
  '211211211',
  '112211211',
  '211112112',
  '112112112',
  '212112111',
  '111122112',
  '211122111',
  '112122111',
  '111112212',
  '211112211',
  '112112211',
  '111122211',
  '211111122',
  '112111122',
  '212111121',
  '111121122',
  '211121121',
  '112121121',
  '111111222',
  '211111221',
  '112111221',
  '111121221',
  '221111112',
  '122111112',
  '222111111',
  '121121112',
  '221121111',
  '122121111',
  '121111212',
  '221111211',
  '122111211',
  '121212111',
  '121211121',
  '121112121',
  '111212121',
  '121121211',
];

/** The element widths (1 narrow, 2 wide; bars at even indexes) of `text` framed by '*'. RangeError for a character Code 39 lacks. */
export function code39Widths(text: string): number[] {
  const out: number[] = [];
  for (const [i, ch] of [...`*${text.toUpperCase()}*`].entries()) {
    const at = CHARS.indexOf(ch);
    if (at < 0 || (ch === '*' && i > 0 && i <= text.length))
      throw new RangeError(`caractère impossible en Code 39 : « ${ch} »`);
    if (out.length) out.push(1);
    for (const w of PATTERNS[at]) out.push(Number(w));
  }
  return out;
}

/** Reads widths back into text (the inverse, used by the tests as a scanner would). */
export function decodeCode39(widths: readonly number[]): string {
  let text = '';
  for (let i = 0; i < widths.length; i += 10) {
    const at = PATTERNS.indexOf(widths.slice(i, i + 9).join(''));
    if (at < 0) throw new RangeError('motif Code 39 inconnu');
    text += CHARS[at];
  }
  if (!text.startsWith('*') || !text.endsWith('*')) throw new RangeError('Code 39 sans ses délimiteurs');
  return text.slice(1, -1);
}
