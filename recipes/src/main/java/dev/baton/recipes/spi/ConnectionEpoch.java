// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.util.Objects;

/**
 * One epoch of a session's connection: every link change starts one with a higher {@code number}; a
 * decision made in epoch {@code n} is acted on only while the epoch is still {@code n}.
 *
 * @param number rises by one with every change, starting at 1
 * @param sessionId the store's session id in this epoch (0 when none is known)
 */
public record ConnectionEpoch(long number, Link link, long sessionId) {
  /** The state of the link. */
  public enum Link {
    /** Connected; requests reach the store in session {@code sessionId}. */
    CONNECTED,
    /** Disconnected within the session: the session may still live, or be expired on the server. */
    SUSPENDED,
    /** The session is over: every ephemeral entry of it is gone, or about to be. */
    LOST,
    /** The session was closed by its owner. */
    CLOSED
  }

  public ConnectionEpoch {
    Objects.requireNonNull(link, "link");
  }

  /** True if the link is up. */
  public boolean isConnected() {
    return link == Link.CONNECTED;
  }
}
