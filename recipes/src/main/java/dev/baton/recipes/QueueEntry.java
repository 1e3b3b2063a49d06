// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import java.util.Objects;

/**
 * One entry of a {@link QueueStore}: a candidate's place in an ordered queue.
 *
 * @param name the entry's name in the queue (its order comes from the name's sequence)
 * @param token the entry's fencing token value (ZooKeeper: the znode's creation zxid)
 * @param ownerSession the session that owns the entry; it goes when that session ends
 */
record QueueEntry(String name, long token, long ownerSession) {
  public QueueEntry {
    Objects.requireNonNull(name, "name");
  }
}
