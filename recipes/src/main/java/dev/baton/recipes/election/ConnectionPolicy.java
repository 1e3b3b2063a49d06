// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;

/**
 * What a leader does while its connection to ZooKeeper is in doubt.
 *
 * <p>In both policies leadership is never reported while the session state is unknown ({@link
 * Leadership#isActive()} is false as soon as the connection is suspended), a reconnect inside the
 * session verifies that the candidate's znode still exists, belongs to the current session and is
 * still first before leading again (with the same token and no re-election), and a lost session
 * revokes the term and re-enters with a new znode after a jittered delay.
 */
public enum ConnectionPolicy {
  /**
   * The default, and the one to choose unless you know better: a suspended connection revokes the
   * term at once ({@link RevocationReason#CONNECTION_SUSPENDED}); after a reconnect inside the
   * session the candidate is elected again with the same token. It is Curator's "standard" error
   * policy. While the connection is suspended the server may already have expired the session and
   * elected a successor, so stopping at once is the only choice that never overlaps with a
   * successor's term on the client side.
   */
  STANDARD,
  /**
   * Like Curator's session-based error policy: a suspended connection pauses the term ({@link
   * LeadershipListener#paused}, {@link Leadership#isActive()} false) and a reconnect inside the
   * session resumes it ({@link LeadershipListener#resumed}); only a lost session, or a failed check
   * after the reconnect, revokes it. Fewer interruptions of leader work on a flaky network, at the
   * price of leader work that must itself check {@link Leadership#isActive()} or rely on fencing
   * downstream.
   */
  SESSION
}
