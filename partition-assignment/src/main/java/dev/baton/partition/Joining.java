// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberAction.Join;
import dev.baton.partition.MemberAction.Leave;
import dev.baton.partition.MemberAction.Warn;
import dev.baton.partition.MemberEvent.Joined;
import java.util.HashSet;
import java.util.Set;

/**
 * Joining, a part of {@link MemberMachine}: one join in flight per session, again if the member
 * znode is deleted; a duplicate id takes nothing until the other znode goes.
 */
final class Joining {
  private final MemberSession s;
  private final Set<Long> ownSessions = new HashSet<>();
  private boolean joining;
  private boolean duplicate;

  Joining(MemberSession s) {
    this.s = s;
  }

  boolean isDuplicate() {
    return duplicate;
  }

  void newSession(long sessionId) {
    ownSessions.add(sessionId);
  }

  void join() {
    if (s.connected && !s.closing && !s.joined && !joining) {
      joining = true;
      s.out.add(new Join(s.id, ownSessions));
    }
  }

  /** The answer to a join; true if the member just joined (it may take partitions now). */
  boolean onJoined(Joined j) {
    if (j.session() != s.id) {
      return false; // an answer from an earlier session
    }
    joining = false;
    switch (j.outcome()) {
      case JOINED -> {
        s.joined = true;
        duplicate = false;
        if (s.closing) {
          s.out.add(new Leave(s.id));
        }
        s.progress = true;
        return true;
      }
      case DUPLICATE -> {
        s.joined = false;
        duplicate = true;
      }
      case FAILED -> s.failures++;
      default -> throw new IllegalArgumentException("unknown outcome " + j.outcome());
    }
    return false;
  }

  void onNodeDeleted() {
    if (s.joined && !s.closing) {
      s.out.add(new Warn("member " + s.me + ": its member znode was deleted; joining again"));
    }
    s.joined = false;
    join();
  }

  /** The session ended (its znode with it), or a task failed and a join's answer may be lost. */
  void forget() {
    s.joined = false;
    joining = false;
  }

  void recover() {
    joining = false;
  }
}
