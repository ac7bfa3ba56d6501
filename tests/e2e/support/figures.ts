// Figures as people read them in the app (docs/decisions, lakh-money), worked out here on their own:
// the taka sign, lakh and crore groups (the last 3 digits, then pairs), a U+2212 minus before the sign.

/** '2355772' → '23,55,772'. */
export function lakhGroups(whole: string): string {
  const groups: string[] = [];
  for (let end = whole.length, size = 3; end > 0; end -= size, size = 2) groups.unshift(whole.slice(Math.max(0, end - size), end));
  return groups.join(',');
}

/** Poisha as the app shows them: 235577217 → '৳ 23,55,772.17' (a plain space: Playwright reads the no-break space as one). */
export function takaText(poisha: number): string {
  const size = Math.abs(poisha);
  return `${poisha < 0 ? '\u2212' : ''}৳ ${lakhGroups(String(Math.floor(size / 100)))}.${String(size % 100).padStart(2, '0')}`;
}
