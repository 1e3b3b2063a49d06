// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

/**
 * A znode in an election's (or a lock's) queue is named like a candidate but is not one Baton
 * wrote: its data is not a participant id (empty, too long, not UTF-8, blank or with control
 * characters) or it is not ephemeral. Candidates order the queue by name alone, so such a znode at
 * the head blocks the election until it is deleted; an observer reports it with this exception
 * rather than name a wrong leader or skip it. Delete the znode (and check who may write under the
 * election path).
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
