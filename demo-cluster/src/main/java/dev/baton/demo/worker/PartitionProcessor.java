// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.demo.DemoDefaults;
import dev.baton.fencing.FencingToken;
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
  public void assigned(PartitionOwnership ownership) {
    ObjectNode event = events.withToken("assigned", ownership.token());
    event.put("partition", ownership.partition());
    events.emit(event);
    PartitionLoop loop = new PartitionLoop(ownership);
    PartitionLoop before = loops.put(ownership.partition(), loop);
    if (before != null) { // never expected: each assigned is followed by its revoked first
      log.warn("partition {} was assigned again before its loop ended", ownership.partition());
      before.stop();
      before.join(JOIN);
    }
    loop.start();
  }

  @Override
  public void revoked(PartitionOwnership ownership, RevocationReason reason) {
    PartitionLoop loop = loops.get(ownership.partition());
    if (loop != null && loop.ownership == ownership) {
      loops.remove(ownership.partition(), loop);
      loop.stop(); // finishes the event in progress (at most EVENT_WORK and one write)
      if (!loop.join(JOIN)) {
        log.warn(
            "partition {}: the loop of token {} did not end within {}",
            ownership.partition(),
            ownership.token().value(),
            JOIN);
      }
    }
    ObjectNode event = events.withToken("released", ownership.token());
    event.put("partition", ownership.partition());
    event.put("reason", reason.name());
    events.emit(event);
  }

  /** The events of one partition under one ownership. */
  private final class PartitionLoop extends TermLoop {
    private final PartitionOwnership ownership;
    private final int partition;
    private final String resource;

    PartitionLoop(PartitionOwnership ownership) {
      super(
          "demo-partition-" + ownership.partition() + "-" + ownership.token().value(),
          ownership,
          events,
          "result",
          ownership.partition());
      this.ownership = ownership;
      this.partition = ownership.partition();
      this.resource = resourceOf(partition);
    }

    @Override
    protected void register(FencingToken token) {
      fence.write(resource, token, c -> null);
    }

    @Override
    protected void writeOne(FencingToken token) throws SQLException, InterruptedException {
      long offset = committedOffset();
      Thread.sleep(DemoDefaults.EVENT_WORK.toMillis()); // processing event `offset`
      // No look at the ownership here: a pause above wakes up right into this write.
      if (fence.write(resource, token, c -> commit(c, offset, token))) {
        ObjectNode event = events.withToken("result", token);
        event.put("partition", partition);
        event.put("offset", offset);
        events.emit(event);
      } else {
        log.info(
            "partition {}: offset {} was committed meanwhile; reading again", partition, offset);
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
  }
}
