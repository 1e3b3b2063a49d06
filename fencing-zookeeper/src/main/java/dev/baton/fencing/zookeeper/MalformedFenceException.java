// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.FencingException;

/**
 * A fence znode holds no token in Baton's format (written by hand, by another program, or damaged):
 * the fence refuses every write to the resource rather than guess or overwrite its high-water mark;
 * nothing was written. To repair, set its data to the highest token issued for the resource, e.g.
 * {@code ft:4294967302@/billing/leader}; deleting it resets the fence and lets a stale writer in.
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
