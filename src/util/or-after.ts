/**
 * What `work` settles to, or `fallback` once `ms` have passed without it (the work goes on
 * unheard; a rejection within the time is thrown). The timer is cleared either way, so a bounded
 * wait never holds the process open.
 */
export async function orAfter<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
