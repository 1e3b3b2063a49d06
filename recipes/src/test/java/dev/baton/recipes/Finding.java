// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import java.util.EnumSet;
import java.util.Set;

/**
 * Bugs the simulation found in the code under test. An {@link #OPEN} one can be worked around by
 * the harness (as a fix would behave) so that a campaign looks past it for others; the default
 * campaigns do, and {@code SimFindingsTest} shows each one still reproduces without its workaround.
 * A closed one has no workaround any more: the default campaigns check it, and {@code
 * SimFindingsTest} replays the seed that first showed it.
 */
enum Finding {
  /**
   * Closed. A refused {@code Lead} made the machine forget a term its loop still published: a
   * refused resume or re-confirmation ({@code LeadRefused} after a link change the machine had not
   * heard of yet) cleared {@code leading} while the term was still current, paused or active until
   * the next delivery; a {@code Resign} naming that term was then dropped. Fixed: {@code
   * ElectionCore.lead} reports a term of that token that is still current as held.
   */
  F1,
  /**
   * Open, narrowed. Orphan entries: an entry of a live session that no candidate, attempt or hold
   * owns any more stays until the session ends, and everyone behind it waits. Fixed: deletes
   * skipped while the link was down or that failed go to Curator's guaranteed background delete,
   * and a lock release's failed delete too. Still open: the last resort for a create whose answer
   * was lost, the sweep of a leaving candidate or a withdrawn lock attempt ({@code QueueIo.sweep}),
   * lists the queue with a plain background {@code getChildren}, which Curator gives up once its
   * retry policy is spent; the sweep then deletes nothing, and the entry is an orphan. Workaround:
   * counted, and deleted by an operator once the system settled.
   */
  F5,
  /**
   * Closed. A term (election) or hold (lock) began on an entry whose deletion the client had
   * already been notified of: the own entry's watch fired while the listing that would lead was in
   * flight, when there was no term yet, so {@code nodeChanged} ignored it. Fixed: {@code
   * ElectionCore} and {@code FencedLock} remember the entries whose watch fired and begin nothing
   * on them.
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
  F8,
  /**
   * Closed. No leader for good: an own entry whose watch fired (here a watch request lost with the
   * connection, taken for a change) is one the io never grants a term on, but the machine
   * remembered only the last such entry; a resign replaced it, a stale listing had meanwhile made
   * the machine enter again and leave that entry behind, and a later listing showed it as an entry
   * of this session: adopted, first in the queue, led on, refused, again and again. Fixed: the
   * machine remembers the last 64 such entries, as the io does, and deletes them when listed.
   */
  F9;

  /** The findings still open: the default campaigns work around them. */
  static final Set<Finding> OPEN = EnumSet.of(F5, F7, F8);
}
