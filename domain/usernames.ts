/**
 * Usernames a person can tell apart (issue 28 §9): plain letters a-z, digits, `.`, `-` and
 * `_`, 3 to 30 of them, compared without case. Anything a screen could draw like another
 * name (Cyrillic `е`, fullwidth `ａ`, dotless `ı`, invisible or direction-changing
 * characters) is refused with a message that names it, so the person knows what to change.
 */
const USERNAME_MIN_LENGTH = 3;
const USERNAME_MAX_LENGTH = 30;

export const USERNAME_REQUIRED = "El usuario es obligatorio.";
export const USERNAME_LENGTH = `El usuario debe tener entre ${USERNAME_MIN_LENGTH} y ${USERNAME_MAX_LENGTH} caracteres.`;
const ALLOWED = "letras sin acentos (a-z), números, punto (.), guion (-) y guion bajo (_)";

const PLAIN = /^[a-z0-9._-]*$/;
const DISALLOWED = /[^A-Za-z0-9._-]/u;

export type UsernameCheck = { ok: true; username: string } | { ok: false; message: string };

/**
 * How names are compared: Unicode compatibility form (NFKC: fullwidth `ａ` is `a`) in lower
 * case. Login and the uniqueness check both use it, so a name stored before this rule is
 * still found, and a new name cannot be a look-alike of an old one.
 */
export function usernameKey(raw: string): string {
  return raw.normalize("NFKC").toLowerCase();
}

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** The refused character as a person can read it: invisible ones only by their code. */
function describe(char: string): string {
  if (char === " ") return "el espacio";
  if (/[\p{C}\p{Z}]/u.test(char)) return `el carácter invisible ${codePoint(char)}`;
  return `“${char}” (${codePoint(char)})`;
}

/**
 * A name typed at registration, as it is stored (lower case) or the reason it is refused.
 * Spaces around it are forgiven; every other character must already be a plain one.
 */
export function checkUsername(raw: string): UsernameCheck {
  const typed = raw.replace(/^ +| +$/g, "");
  if (!typed) return { ok: false, message: USERNAME_REQUIRED };
  const refused = DISALLOWED.exec(typed)?.[0];
  if (refused) {
    const plain = usernameKey(typed);
    // A fullwidth or styled name has a plain twin: offer it rather than leave the person guessing.
    const hint = PLAIN.test(plain) && plain.length >= USERNAME_MIN_LENGTH ? ` Escribilo así: ${plain}` : "";
    return {
      ok: false,
      message: `El usuario solo puede tener ${ALLOWED}: ${describe(refused)} no está permitido.${hint}`,
    };
  }
  if (typed.length < USERNAME_MIN_LENGTH || typed.length > USERNAME_MAX_LENGTH)
    return { ok: false, message: USERNAME_LENGTH };
  return { ok: true, username: typed.toLowerCase() };
}
