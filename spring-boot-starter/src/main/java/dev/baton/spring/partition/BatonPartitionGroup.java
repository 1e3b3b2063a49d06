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
import dev.baton.spring.support.Membership;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;

/**
 * Membership of one partition group as a Spring lifecycle bean: {@link #start()} joins the group
 * ({@link GroupMember}) and {@link #stop()} leaves it, releasing every partition after its {@code
 * revoked} callback (up to the drain timeout). The auto-configuration creates one per {@code
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
public final class BatonPartitionGroup implements SmartLifecycle, DisposableBean {
  /** The default lifecycle phase, the same as the elections'. */
  public static final int DEFAULT_PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

  private static final Logger log = LoggerFactory.getLogger(BatonPartitionGroup.class);

  private final String name;
  private final BatonSession session;
  private final GroupConfig config;
  private final PartitionListener listener;
  private final boolean autoStartup;
  private final int phase;
  private final Membership<GroupMember> membership = new Membership<>(this::open, this::close);

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
    this.name = Objects.requireNonNull(name, "name");
    this.session = Objects.requireNonNull(session, "session");
    this.config = Objects.requireNonNull(config, "config");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.autoStartup = autoStartup;
    this.phase = phase;
  }

  /** The group's name. */
  public String name() {
    return name;
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
        membership.isRunning() || membership.hasLeft() ? MemberState.CLOSED : MemberState.LATENT,
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

  /** Whether this instance takes part now: STOPPED, JOINED or LEFT. */
  public Participation participation() {
    return membership.state(Participation.STOPPED, Participation.JOINED, Participation.LEFT);
  }

  /** Whether this instance takes part in the group. */
  public enum Participation {
    /** The lifecycle is not running (never started, or stopped). */
    STOPPED,
    /** The lifecycle runs and the instance is a member. */
    JOINED,
    /** The lifecycle runs but the instance left the group ({@link #leave()}). */
    LEFT
  }

  /** Leaves the group while the lifecycle runs; idempotent; {@link #rejoin()} undoes it. */
  public void leave() {
    membership.leave();
  }

  /** Joins the group again after {@link #leave()} (if the lifecycle runs); idempotent. */
  public void rejoin() {
    membership.rejoin();
  }

  @Override
  public void start() {
    membership.start();
  }

  @Override
  public void stop() {
    membership.stop();
  }

  @Override
  public boolean isRunning() {
    return membership.isRunning();
  }

  @Override
  public boolean isAutoStartup() {
    return autoStartup;
  }

  @Override
  public int getPhase() {
    return phase;
  }

  /** Leaves the group if a failed start-up never stopped the lifecycle. */
  @Override
  public void destroy() {
    stop();
  }

  private @Nullable GroupMember current() {
    return membership.current();
  }

  private GroupMember open() {
    GroupMember m = GroupMember.create(session, config, listener);
    m.start();
    log.info("Baton partition group '{}': joined {} as {}", name, config.group(), memberId());
    return m;
  }

  private void close(GroupMember m) {
    m.close();
    log.info("Baton partition group '{}': left {}", name, config.group());
  }

  @Override
  public String toString() {
    return "BatonPartitionGroup{" + name + ", " + config.group() + ", " + memberId() + "}";
  }
}
