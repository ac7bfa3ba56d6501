// Partner names are kept clean: NFC, trimmed, one space between words, nothing invisible; and two
// names that read the same (in any case, or with a Cyrillic or Greek letter that looks Latin) are
// the same name within a category. The database holds the comparison key (`partners.name_key`).

/** Control, format (zero-width, bidi marks) and line/paragraph separator characters. */
export const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** A name as it is stored: NFC, trimmed, runs of spaces made one. */
export const cleanName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

// Letters that look like Latin ones once lower-cased (Cyrillic, then Greek), and the Latin letter each reads as.
const LOOK_ALIKE = 'аеорсухѕіјԁԛԝүһкмнтвαικνοτχυ';
const READS_AS = 'aeopcyxsijdqwyhkmhtbaikvotxu';

// Each look-alike is one UTF-16 unit, so a class without the `u` flag finds exactly them.
const LOOK_ALIKE_LETTER = new RegExp(`[${LOOK_ALIKE}]`, 'g');

/**
 * What two names are compared by: compatibility form, lower case, look-alike letters read as Latin.
 * Asked for every entry typed with a party's name: a name without look-alikes is not taken apart
 * letter by letter (that was 2% of an entry POST's CPU).
 */
export function partnerNameKey(name: string): string {
  return cleanName(name)
    .normalize('NFKC')
    .toLowerCase()
    .replace(LOOK_ALIKE_LETTER, (c) => READS_AS[LOOK_ALIKE.indexOf(c)] ?? c);
}
