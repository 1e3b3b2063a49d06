// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.fence;

/**
 * One store of fence-overhead: a dedicated connection (or ZooKeeper session) per {@link Mode}, and
 * the same small write on each, fenced or not.
 */
interface FenceStore extends AutoCloseable {
  /** The store's key in the RESULT line: {@code postgresql}, {@code h2}, {@code zookeeper}. */
  String key();

  /** Extra {@code key=value} pairs for the RESULT line (leading space), or "". */
  String resultExtras();

  /** One write on {@code mode}'s own connection; returns when it is committed. */
  void write(Mode mode) throws Exception;

  /**
   * Sanity checks after the run: every write of every side is in the store, the fences hold the
   * expected tokens, and a stale token is rejected without writing anything.
   *
   * @throws dev.baton.bench.BenchmarkFailure if one fails
   */
  void verify() throws Exception;

  /** Called when the measured phase begins (after the warm-up). */
  default void measuring() {}

  /**
   * Requests the client of {@code mode} issued per write since {@link #measuring()}, if the store
   * can count them; else -1. Called right after the measured phase, before {@link #verify()}.
   */
  default double requestsPerWrite(Mode mode, long writes) {
    return -1;
  }
}
