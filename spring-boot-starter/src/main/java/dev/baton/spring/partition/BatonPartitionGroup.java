// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.partition;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.GroupHealth;
import dev.baton.partition.GroupMember;
import dev.baton.partition.GroupStatus;
import dev.baton.partition.MemberState;
import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.BatonSession;
import dev.baton.spring.lifecycle.RejoinableLifecycle;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One partition group member as a Spring lifecycle bean: {@link #start()} joins the group ({@link
 * GroupMember}) and {@link #stop()} leaves it, releasing every partition after its {@code revoked}
 * callback (up to the drain timeout). The auto-configuration creates one per {@code
 * baton.partitions.<name>} as the bean {@code <name>PartitionGroup}, with the application's {@link
 * PartitionListener} beans (see the auto-configuration for how they bind to groups).
 *
 * <p>A {@code GroupMember} starts only once, so every (re)join creates a new one; {@link #leave()}
 * and {@link #rejoin()} keep the instance out of the group while the lifecycle runs. Transitions
 * are serialized and each waits for the previous member to close. A member whose id another live
 * session already holds takes no partition; {@link GroupHealth#duplicateId()} reports it. Listener
 * callbacks run on the member's callback pool, never on ZooKeeper's or Curator's threads nor under
 * a lock. Thread-safe.
 */
public final class BatonPartitionGroup extends RejoinableLifecycle<GroupMember> {
  private static final Logger log = LoggerFactory.getLogger(BatonPartitionGroup.class);

  private final BatonSession session;
  private final GroupConfig config;
  private final PartitionListener listener;

  /**
   * A latent group member.
   *
   * @param name the group's name (its key in {@link BatonPartitionGroups})
   * @param session the session
   * @param config the validated member configuration, used by every (re)join
   * @param listener the listener of every (re)join
   * @param autoStartup whether it joins when the context starts
   * @param phase the lifecycle phase
   */
  public BatonPartitionGroup(
      String name,
      BatonSession session,
      GroupConfig config,
      PartitionListener listener,
      boolean autoStartup,
      int phase) {
    super(name, autoStartup, phase);
    this.session = Objects.requireNonNull(session, "session");
    this.config = Objects.requireNonNull(config, "config");
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  /** The group's znode path. */
  public String path() {
    return config.group();
  }

  /** This member's id. */
  public String memberId() {
    return config.memberId();
  }

  /** The configuration of every (re)join. */
  public GroupConfig config() {
    return config;
  }

  /** The partitions owned now, with their leases; empty while out of the group. */
  public Map<Integer, PartitionOwnership> ownedPartitions() {
    GroupMember m = current();
    return m == null ? Map.of() : m.ownedPartitions();
  }

  /**
   * Reads the whole group's status from ZooKeeper (members, assignment, owners): a ZooKeeper read,
   * callers on hot paths should cache it.
   *
   * @throws dev.baton.recipes.CoordinationException if ZooKeeper cannot be read
   */
  public GroupStatus status() {
    return GroupStatus.read(session, config.group());
  }

  /** A health snapshot; while out of the group, of no member (state {@code CLOSED} or latent). */
  public GroupHealth health() {
    GroupMember m = current();
    if (m != null) {
      return m.health();
    }
    return new GroupHealth(
        isRunning() || hasLeft() ? MemberState.CLOSED : MemberState.LATENT,
        session.isConnected(),
        false,
        false,
        false,
        0,
        0,
        0,
        0,
        0,
        false);
  }

  @Override
  protected GroupMember open() {
    GroupMember m = GroupMember.create(session, config, listener);
    m.start();
    log.info("Baton partition group '{}': joined {} as {}", name(), config.group(), memberId());
    return m;
  }

  @Override
  protected void close(GroupMember m) {
    m.close();
    log.info("Baton partition group '{}': left {}", name(), config.group());
  }

  @Override
  public String toString() {
    return "BatonPartitionGroup{" + name() + ", " + config.group() + ", " + memberId() + "}";
  }
}
