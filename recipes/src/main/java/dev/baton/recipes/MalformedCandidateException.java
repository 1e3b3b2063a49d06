// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

/**
 * A znode in an election's (or a lock's) queue is named like a candidate but Baton did not write
 * it: its data is not a participant id, or it is not ephemeral. The queue is ordered by name alone,
 * so such a znode at the head blocks the election until deleted; observers report it rather than
 * name a wrong leader. Delete it (and check who may write under the election path).
 */
public final class MalformedCandidateException extends CoordinationException {
  private final String path;

  public MalformedCandidateException(String path, String problem) {
    super("the candidate znode " + path + " is malformed: " + problem);
    this.path = path;
  }

  /** The malformed znode. */
  public String path() {
    return path;
  }
}
