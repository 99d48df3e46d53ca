/**
 * The worst case of a chain: every call fails, so every layer makes all its tries. Layer k
 * is called once per try of the layer above it, so the calls it sends down per call at the
 * top are the product of the tries of layers 1..k. Five layers of 3 tries send 3^5 = 243
 * calls to the backend (the AWS Builders' Library's figure, which counts tries, not retries).
 * Bigints: a few layers of large retry counts pass 2^53 and the products stay exact.
 */
export function worstCaseCalls(tries: readonly number[]): bigint[] {
  let sent = 1n;
  return tries.map((count) => {
    sent *= BigInt(count);
    return sent;
  });
}
