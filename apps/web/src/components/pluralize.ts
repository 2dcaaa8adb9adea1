/** '1 contest', '2 contests': English plurals of regular nouns. */
export function pluralize(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
