// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.fence;

/** The three sides of fence-overhead; every store does the same write on each. */
enum Mode {
  /** The write alone. */
  UNFENCED("unfenced"),
  /** The fence check with the same token every time (a leader's steady state), then the write. */
  FENCED("fenced"),
  /**
   * The fence check with a new, higher token every time (a new term registering), then the write.
   * On ZooKeeper every such write uses a fresh fence object, as a successor in another process
   * would: it knows nothing of the fence znode and reads it first.
   */
  NEW_TERM("new-term");

  private final String key;

  Mode(String key) {
    this.key = key;
  }

  String key() {
    return key;
  }
}
