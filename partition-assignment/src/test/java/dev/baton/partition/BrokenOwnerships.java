// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberEvent.NodeCheck;
import dev.baton.partition.MemberEvent.NodeState;
import dev.baton.recipes.RevocationReason;

/**
 * Deliberately broken variants of {@link Ownerships}, the simulation's negative controls: the
 * checker must catch each of them.
 */
final class BrokenOwnerships {
  private BrokenOwnerships() {}

  /** Takes a partition whose znode still exists instead of waiting for it to go. */
  static final class Impatient extends Ownerships {
    Impatient(MemberSession s, long drain) {
      super(s, drain);
    }

    @Override
    void onCheck(NodeCheck c) {
      int p = c.partition();
      if (takes.waiting.contains(p) && c.state() == NodeState.EXISTS && c.owner() != s.id) {
        takes.waiting.remove(p);
        held.put(p, new Held(p, c.czxid(), s.assignment.generation(), s.epoch)); // not ours!
        return;
      }
      super.onCheck(c);
    }
  }

  /** Deletes a released partition's znode at once, without waiting for its revoked callback. */
  static final class NoDrain extends Ownerships {
    NoDrain(MemberSession s, long drain) {
      super(s, drain);
    }

    @Override
    void release(Held h, RevocationReason reason) {
      super.release(h, reason);
      if (!h.drained) {
        drained(h, false);
      }
    }
  }
}
