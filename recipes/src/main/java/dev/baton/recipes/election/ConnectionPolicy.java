// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;

/**
 * What a leader does while its ZooKeeper connection is in doubt. Either way, leadership is never
 * reported while the session is in doubt; a reconnect inside it checks that the znode exists, is
 * this session's and first before leading on (same token); a lost session revokes the term.
 */
public enum ConnectionPolicy {
  /**
   * The default (Curator's standard policy): a suspended connection revokes the term at once
   * ({@link RevocationReason#CONNECTION_SUSPENDED}), as the server may already have elected a
   * successor; a reconnect inside the session elects it again with the same token.
   */
  STANDARD,
  /**
   * Like Curator's session-based policy: a suspended connection pauses the term and a reconnect
   * inside the session resumes it ({@link LeadershipListener#paused}, {@code resumed}); only a lost
   * session or failed check revokes it. Fewer interruptions on a flaky network, but leader work
   * must check {@link Leadership#isActive()} or rely on fencing.
   */
  SESSION
}
