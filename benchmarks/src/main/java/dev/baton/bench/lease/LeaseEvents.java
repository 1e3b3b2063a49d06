// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

/**
 * What a candidate reports as it happens: the child JVM prints it, the benchmark's JVM needs none.
 */
interface LeaseEvents {
  LeaseEvents NONE =
      new LeaseEvents() {
        @Override
        public void elected(long nanos, String term) {}

        @Override
        public void revoked(long nanos) {}
      };

  /** It became leader at {@code nanos}; {@code term} names the term (Baton's token) or is "-". */
  void elected(long nanos, String term);

  /** Its library told it that it no longer leads. */
  void revoked(long nanos);
}
