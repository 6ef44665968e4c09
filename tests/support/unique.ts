/**
 * Tests of a file share one database and may run in any order (the suite is shuffled), so each test
 * builds the records it asserts on under names and codes of its own. A tag is 'T' and four digits:
 * fixed width, so no tag is a prefix of another and a search for a tag finds only its own records.
 */
let last = 0;
export function uniqueTag(letter = 'T'): string {
  last++;
  return `${letter}${String(last).padStart(4, '0')}`;
}
