/** Random passwords the shop draws for a new admin (read off a log, then typed). */

const GENERATED_PASSWORD_LENGTH = 20;
/** No look-alike characters (0/O, 1/l/I): the password is read off a log and typed. */
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random password of 20 characters from an unambiguous alphabet, without modulo bias. */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  const n = PASSWORD_ALPHABET.length;
  const ceiling = 256 - (256 % n);
  let password = "";
  while (password.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < ceiling && password.length < length) password += PASSWORD_ALPHABET[byte % n];
    }
  }
  return password;
}
