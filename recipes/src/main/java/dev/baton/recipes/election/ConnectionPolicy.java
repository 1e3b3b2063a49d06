// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;

/**
 * What a leader does while its connection to ZooKeeper is in doubt. Either way leadership is never
 * reported while the session state is unknown, a reconnect inside the session checks the znode
 * still exists, is this session's and first before leading again (same token), and a lost session
 * revokes the term and re-enters after a jittered delay.
 */
public enum ConnectionPolicy {
  /**
   * The default (Curator's "standard" policy): a suspended connection revokes the term at once
   * ({@link RevocationReason#CONNECTION_SUSPENDED}); a reconnect inside the session elects it again
   * with the same token. The server may already have elected a successor, so stopping at once is
   * the only choice that never overlaps a successor's term on the client side.
   */
  STANDARD,
  /**
   * Like Curator's session-based error policy: a suspended connection pauses the term ({@link
   * LeadershipListener#paused}) and a reconnect inside the session resumes it ({@link
   * LeadershipListener#resumed}); only a lost session or a failed check revokes it. Fewer
   * interruptions on a flaky network, but leader work must check {@link Leadership#isActive()} or
   * rely on fencing.
   */
  SESSION
}
