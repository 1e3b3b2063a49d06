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
 * One partition group member ({@link GroupMember}) as a Spring lifecycle bean ({@code
 * <name>PartitionGroup}): {@link #start()} joins, {@link #stop()} leaves, releasing every partition
 * after its {@code revoked} (up to the drain timeout). Each (re)join creates a new member; a
 * duplicate member id shows in {@link GroupHealth#duplicateId()}. Thread-safe.
 */
public final class BatonPartitionGroup extends RejoinableLifecycle<GroupMember> {
  private static final Logger log = LoggerFactory.getLogger(BatonPartitionGroup.class);

  private final BatonSession session;
  private final GroupConfig config;
  private final PartitionListener listener;

  /** A latent group member, joining with {@code config} and {@code listener} on every (re)join. */
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
   * Reads the whole group's status from ZooKeeper (cache it on hot paths).
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
