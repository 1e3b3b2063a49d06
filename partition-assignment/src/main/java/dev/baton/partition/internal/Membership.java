package dev.baton.partition.internal;

import dev.baton.partition.strategy.MemberProfile;
import java.util.HashSet;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether an {@link OwnershipLoop}'s member is in the group: joins through its {@link MemberNode} in
 * each session, joins again when that znode is deleted, and leaves. Confined to the ownership loop, but
 * for {@link #isJoined()} and {@link #isDuplicate()}, which the loop's public getters call from any
 * thread.
 */
final class Membership {
  /** Logs as the ownership loop, whose part this is. */
  private static final Logger log = LoggerFactory.getLogger(OwnershipLoop.class);

  private final OwnershipLoop ownership;
  private final LoopThread loop;
  private final String me;
  private final MemberNode memberNode;
  private final Watcher memberWatcher = this::onMemberEvent;

  // Loop-confined state.
  private final Set<Long> ownSessions = new HashSet<>();
  private boolean joined;
  private boolean duplicate;

  Membership(OwnershipLoop ownership, LoopThread loop, CuratorFramework client, GroupPaths paths,
      MemberProfile profile) {
    this.ownership = ownership;
    this.loop = loop;
    this.me = profile.id();
    this.memberNode = new MemberNode(client, paths, profile);
  }

  boolean isJoined() {
    return joined;
  }

  boolean isDuplicate() {
    return duplicate;
  }

  /** Records a session of this member, so that a member znode it leaves behind is known as its own. */
  void newSession(long sessionId) {
    ownSessions.add(sessionId);
  }

  /** Joins in session {@code sessionId} unless joined already; asks the loop for a retry if needed. */
  void join(long sessionId) {
    if (!joined) {
      MemberNode.Join j = memberNode.join(sessionId, ownSessions, memberWatcher);
      joined = j == MemberNode.Join.JOINED;
      duplicate = j == MemberNode.Join.DUPLICATE;
      if (j == MemberNode.Join.RETRY) {
        ownership.scheduleRetry();
      }
    }
  }

  /** Deletes the member znode if session {@code sessionId} owns it. */
  void leave(long sessionId) {
    memberNode.leave(sessionId);
  }

  /** The session ended, and the member znode with it. */
  void sessionEnded() {
    joined = false;
  }

  private void onMemberEvent(WatchedEvent e) {
    if (e.getType() == Watcher.Event.EventType.NodeDeleted) {
      loop.execute(() -> {
        if (joined && !ownership.isClosing()) {
          log.warn("member {}: its member znode was deleted; joining again", me);
        }
        joined = false;
        ownership.joinAndReconcile();
      });
    }
  }
}
