/** The middle value (the upper one of an even count); 0 for none. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** A pause for Chromium's processes to settle before their memory is read. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
