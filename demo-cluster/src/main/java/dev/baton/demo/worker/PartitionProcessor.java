// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.demo.DemoDefaults;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.ForeignTokenException;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.RevocationReason;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stream role: a loop per owned partition reads the committed offset, works {@link
 * DemoDefaults#EVENT_WORK} under the ownership's token, then in one transaction fenced with it
 * (resource {@code partition-<p>}) inserts the result and advances the offset if unchanged: one
 * result per offset across owners, and a stale owner's write is rejected. {@code revoked} drains
 * the loop.
 */
final class PartitionProcessor implements PartitionListener {
  /** The group's drain timeout: how long a released partition waits for {@code revoked}. */
  static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(5);

  private static final Duration JOIN = DRAIN_TIMEOUT.minusSeconds(1);
  private static final Duration RETRY = Duration.ofSeconds(1);
  private static final Logger log = LoggerFactory.getLogger(PartitionProcessor.class);

  private final DataSource dataSource;
  private final SqlFence fence;
  private final Events events;
  private final Map<Integer, PartitionLoop> loops = new ConcurrentHashMap<>();

  PartitionProcessor(DataSource dataSource, Events events) {
    this.dataSource = dataSource;
    this.fence = SqlFence.create(dataSource, DemoTables.FENCE, events.worker());
    this.events = events;
  }

  /** The fence resource of partition {@code p}. */
  static String resourceOf(int partition) {
    return "partition-" + partition;
  }

  @Override
  public void assigned(PartitionOwnership lease) {
    ObjectNode event = events.withToken("assigned", lease.token());
    event.put("partition", lease.partition());
    events.emit(event);
    PartitionLoop loop = new PartitionLoop(lease);
    PartitionLoop before = loops.put(lease.partition(), loop);
    if (before != null) { // never expected: each assigned is followed by its revoked first
      log.warn("partition {} was assigned again before its loop ended", lease.partition());
      before.stop();
      before.join(JOIN);
    }
    loop.start();
  }

  @Override
  public void revoked(PartitionOwnership lease, RevocationReason reason) {
    PartitionLoop loop = loops.get(lease.partition());
    if (loop != null && loop.lease == lease) {
      loops.remove(lease.partition(), loop);
      loop.stop(); // finishes the event in progress (at most EVENT_WORK and one write)
      if (!loop.join(JOIN)) {
        log.warn(
            "partition {}: the loop of token {} did not end within {}",
            lease.partition(),
            lease.token().value(),
            JOIN);
      }
    }
    ObjectNode event = events.withToken("released", lease.token());
    event.put("partition", lease.partition());
    event.put("reason", reason.name());
    events.emit(event);
  }

  /** The events of one partition under one lease. */
  private final class PartitionLoop extends TermLoop {
    private final PartitionOwnership lease;
    private final int partition;
    private final String resource;

    PartitionLoop(PartitionOwnership lease) {
      super("demo-partition-" + lease.partition() + "-" + lease.token().value());
      this.lease = lease;
      this.partition = lease.partition();
      this.resource = resourceOf(partition);
    }

    @Override
    protected void run() throws InterruptedException {
      FencingToken token = lease.token();
      boolean registered = false;
      while (!stopped() && lease.isActive()) {
        try {
          if (!registered) {
            fence.write(
                resource, token, c -> null); // every older owner's write is refused from now on
            registered = true;
          }
          long offset = committedOffset();
          Thread.sleep(DemoDefaults.EVENT_WORK.toMillis()); // processing event `offset`
          // No look at the lease here: a pause above wakes up right into this write.
          if (fence.write(resource, token, c -> commit(c, offset, token))) {
            ObjectNode event = events.withToken("result", token);
            event.put("partition", partition);
            event.put("offset", offset);
            events.emit(event);
          } else {
            log.info(
                "partition {}: offset {} was committed meanwhile; reading again",
                partition,
                offset);
          }
        } catch (StaleTokenException e) {
          log.info(
              "partition {}: result with token {} rejected: {}",
              partition,
              token.value(),
              e.getMessage());
          events.rejected("result", e, partition);
          awaitRevocation(token);
          return;
        } catch (ForeignTokenException e) {
          // Another group path used this database: no write of this lease can ever pass. Say so
          // once.
          log.error(
              "partition {}: the fence refuses token {} of another scope: {}",
              partition,
              token,
              e.getMessage());
          events.error("partition " + partition + ": " + e.getMessage());
          awaitRevocation(token);
          return;
        } catch (SQLException | RuntimeException e) {
          log.warn(
              "partition {}: processing with token {} failed; retrying in {}",
              partition,
              token.value(),
              RETRY,
              e);
          events.error("partition " + partition + ": processing failed: " + e.getMessage());
          lease.awaitRevocation(RETRY);
        }
      }
    }

    /** No write of this ownership can pass any more: wait for its revocation. */
    private void awaitRevocation(FencingToken token) throws InterruptedException {
      while (!stopped() && !lease.awaitRevocation(Duration.ofSeconds(1))) {
        log.debug(
            "partition {}: lease {} cannot write; waiting for its revocation", partition, token);
      }
    }

    private long committedOffset() throws SQLException {
      try (Connection c = dataSource.getConnection()) {
        long next = readOffset(c);
        return next < 0 ? 0 : next;
      }
    }

    /** The next offset to process, -1 if the partition has no row yet. */
    private long readOffset(Connection c) throws SQLException {
      try (PreparedStatement s =
          c.prepareStatement(
              "SELECT next_offset FROM " + DemoTables.OFFSETS + " WHERE partition_id = ?")) {
        s.setInt(1, partition);
        try (ResultSet rs = s.executeQuery()) {
          return rs.next() ? rs.getLong(1) : -1;
        }
      }
    }

    /** In the fenced transaction (fence row locked): the result and the new offset, or nothing. */
    private boolean commit(Connection c, long offset, FencingToken token) throws SQLException {
      long next = readOffset(c);
      if (Math.max(next, 0) != offset) {
        return false;
      }
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO "
                  + DemoTables.RESULTS
                  + " (partition_id, event_offset, worker, token, created_at) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)")) {
        insert.setInt(1, partition);
        insert.setLong(2, offset);
        insert.setString(3, events.worker());
        insert.setLong(4, token.value());
        insert.executeUpdate();
      }
      String advance =
          next < 0
              ? "INSERT INTO "
                  + DemoTables.OFFSETS
                  + " (next_offset, worker, token, updated_at, partition_id) "
                  + "VALUES (?, ?, ?, CURRENT_TIMESTAMP, ?)"
              : "UPDATE "
                  + DemoTables.OFFSETS
                  + " SET next_offset = ?, worker = ?, token = ?, "
                  + "updated_at = CURRENT_TIMESTAMP WHERE partition_id = ?";
      try (PreparedStatement update = c.prepareStatement(advance)) {
        update.setLong(1, offset + 1);
        update.setString(2, events.worker());
        update.setLong(3, token.value());
        update.setInt(4, partition);
        update.executeUpdate();
      }
      return true;
    }

    @Override
    protected void failed(Throwable e) {
      events.error("the loop of partition " + partition + " failed: " + e);
    }
  }
}
