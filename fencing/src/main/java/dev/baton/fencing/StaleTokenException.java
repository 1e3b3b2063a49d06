// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import java.util.Optional;

/**
 * The presented token is lower than the highest token the resource has accepted: the writer's term
 * is over, and a newer owner has written. Nothing of the write was committed; the writer must stop.
 */
public class StaleTokenException extends FencingException {
  private final transient FencingToken presented;
  private final transient FencingToken current;

  public StaleTokenException(String resource, FencingToken presented, FencingToken current) {
    super(
        resource,
        "stale fencing token for '%s': presented %s, but the resource has accepted %s"
            .formatted(resource, presented, current));

    this.presented = presented;
    this.current = current;
  }

  /** The token the writer presented. */
  public FencingToken presented() {
    return presented;
  }

  /** The highest token the resource had accepted when it rejected the write. */
  public Optional<FencingToken> current() {
    return Optional.ofNullable(current);
  }
}
