// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.FencingException;

/**
 * A fence znode holds something other than a token in Baton's format (see {@link ZkFence}): it was
 * written by hand, by another program, or damaged. The fence refuses every write to the resource
 * until the znode is repaired, rather than guess or overwrite its high-water mark. Nothing was
 * written.
 *
 * <p>To repair it, set its data to the highest token known to have been issued for the resource,
 * for example {@code ft:4294967302@/billing/leader}; deleting it resets the fence and lets a stale
 * writer in.
 */
public final class MalformedFenceException extends FencingException {
  private final String path;

  MalformedFenceException(String resource, String path, String problem) {
    super(
        resource,
        ("the fence znode %s of '%s' is malformed: %s; no write is accepted until it holds a"
                + " token (ft:<value>@<scope>)")
            .formatted(path, resource, problem));

    this.path = path;
  }

  /** The malformed fence znode. */
  public String path() {
    return path;
  }
}
