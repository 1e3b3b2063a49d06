// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.sim;

import java.util.EnumSet;
import java.util.Set;

/**
 * Bugs the simulation found in the code under test and that are not fixed yet. The harness can work
 * around each one (as the fix would behave) so that a campaign looks past it for others; the
 * default campaigns do, and {@code SimFindingsTest} shows each one still reproduces without its
 * workaround. Once one is fixed, its reproduction fails: remove it from {@link #OPEN}.
 */
enum Finding {
  /**
   * A refused {@code Lead} makes the machine forget a term its loop still publishes: a refused
   * resume or re-confirmation ({@code LeadRefused} after a link change the machine has not heard of
   * yet) clears {@code leading} while the term is still current, paused or active until the next
   * delivery. A {@code Resign} naming that term (a callback failure's) is then dropped, and a plain
   * resign ends it only through the own entry's watch. Workaround: the refusal is not fed to the
   * machine while the loop publishes a term with its token.
   */
  F1,
  /**
   * Orphan entries: an entry of a live session that no candidate, attempt or hold owns any more,
   * left by a close or a lock attempt's withdrawal while the link was suspended ({@code QueueIo}
   * skips the delete), by a delete that failed, by a create whose answer was lost, or by a lock
   * release whose delete failed. It stays until the session ends and everyone behind it waits.
   * Workaround: counted, and deleted by an operator once the system settled.
   */
  F5,
  /**
   * A term (election) or hold (lock) begins on an entry whose deletion the client was already
   * notified of: the own entry's watch fires while the listing that will lead is in flight, when
   * there is no term yet, so {@code nodeChanged} ignores it; the election's term lasts until the
   * loop handles the queued {@code Gone}, the lock's hold for good. Workaround: such a begin is
   * refused.
   */
  F6,
  /**
   * Open, narrowed. Curator reports a connection state without its session, asynchronously, and
   * {@code CuratorLiveness} reads the session id from the handle that is live when the state is
   * handled. Fixed: a CONNECTED while the live handle is not connected is dropped, and so is a LOST
   * while it is connected in the session the current epoch names. Still open: a CONNECTED of a
   * handle since replaced (for one, Curator's first CONNECTED, still queued for the listener when
   * {@code CuratorLiveness} read its first epoch from the connected handle) is published with the
   * new, connected handle's id, ahead of the old session's SUSPENDED and LOST. A term or hold of
   * the old session then stays active after its listeners heard a CONNECTED of another session (no
   * listener reacts to a CONNECTED at once), until the old session's SUSPENDED, queued behind,
   * reaches them or an election's loop handles the {@code Link}; that SUSPENDED and the LOST after
   * it are published with the new session's id: a LOST of a live session. Workaround: a CONNECTED
   * raised by another handle than the live one is dropped.
   */
  F7,
  /**
   * Open. {@code CuratorLiveness.subscribe} queues a new listener's first delivery as a task that
   * reads {@code current} when it runs, not when it subscribed; the epochs published in between,
   * queued behind it, are then skipped (a listener hears only rising numbers). {@code FencedLock}
   * subscribes when it is made, but a {@code LockAttempt} reads {@code liveness.current()} itself
   * and can grant a hold before that first delivery runs; if the session is then suspended, lost
   * and replaced before it runs, the lock's listener hears only the new session's CONNECTED, to
   * which it does not react, and never the SUSPENDED or LOST: the hold of the lost session stays
   * active until it is released (its attempt is over, and its entry's watch was on the old handle).
   * Workaround: the first delivery is the epoch current when the listener subscribed.
   */
  F8;

  /** The findings still open: the default campaigns work around them. */
  static final Set<Finding> OPEN = EnumSet.of(F1, F5, F6, F7, F8);
}
