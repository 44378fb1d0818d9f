// Markup kept in memory for the last few distinct inputs: a Worker's isolate serves many views of the same data (each
// member on the same page between two edits), and writing the same markup again is most of such a view's work. The key
// is the whole input, so a change of data is a new key: nothing is ever invalidated, the least recently used is dropped.

/** `render` with its answers kept for the last `size` distinct keys (`keyOf` of the input). */
export function kept<A>(render: (input: A) => string, keyOf: (input: A) => string, size = 16): (input: A) => string {
  const answers = new Map<string, string>();
  return (input) => {
    const key = keyOf(input);
    const found = answers.get(key);
    if (found !== undefined) {
      answers.delete(key); // the most recently used goes last, and the least recently used is dropped first
      answers.set(key, found);
      return found;
    }
    const answer = render(input);
    answers.set(key, answer);
    if (answers.size > size) answers.delete(answers.keys().next().value as string);
    return answer;
  };
}
