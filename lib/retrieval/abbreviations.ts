import { words } from './vocabulary';

// A school spells out its own abbreviations where it first uses them: "Resident Advisor (RA)",
// "RA (Resident Advisor)", "Higher Learning Commission (HLC)". Each becomes a vocabulary group of
// the school's index, so a visitor's "RA" finds the sentences that only say "Resident Advisor" and
// the other way round, for abbreviations no built-in list knows.

// Small words an abbreviation skips ("Test of English as a Foreign Language" is TOEFL).
const SKIPPED = new Set(['of', 'and', 'the', 'for', 'in', 'on', 'at', 'to', 'a', 'an', 'as', 'with']);

/** The words before an abbreviation whose initials spell it, or null. */
function spelledBefore(before: string[], letters: string): string | null {
  let at = letters.length - 1;
  for (let i = before.length - 1; i >= 0 && i >= before.length - letters.length * 2 - 2; i--) {
    const w = before[i]!;
    if (w[0] !== letters[at]) {
      // A small word inside the name may be left out of the abbreviation, never at its end.
      if (at < letters.length - 1 && SKIPPED.has(w)) continue;
      return null;
    }
    // "Office of International Programs (OIP)": the name starts at "Office", not at "of".
    if (at === 0 && SKIPPED.has(w) && before[i - 1]?.[0] === letters[0]) continue;
    if (at === 0) return before.slice(i).join(' ');
    at--;
  }
  return null;
}

/** The abbreviations the text spells out, each as [abbreviation, spelled out], lower-cased. */
export function abbreviationsIn(text: string): string[][] {
  const found = new Map<string, string>();
  const add = (abbreviation: string, spelled: string | null) => {
    if (spelled && !found.has(abbreviation)) found.set(abbreviation, spelled);
  };
  // "Resident Advisor (RA)": the words before the parenthesis.
  for (const m of text.matchAll(/\(([A-Z]{2,6})s?\)/g)) {
    const letters = m[1]!.toLowerCase();
    add(letters, spelledBefore(words(text.slice(Math.max(0, m.index - 200), m.index)), letters));
  }
  // "RA (Resident Advisor)": the words inside it.
  for (const m of text.matchAll(/\b([A-Z]{2,6})s?\s*\(([^()]{3,80})\)/g)) {
    const letters = m[1]!.toLowerCase();
    const inside = words(m[2]!);
    const spelled = spelledBefore(inside, letters);
    // The whole parenthesis, not the tail of a longer one.
    if (spelled && spelled.split(' ').length === inside.length) add(letters, spelled);
  }
  return [...found].map(([a, s]) => [a, s]);
}
