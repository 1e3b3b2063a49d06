// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.RevocationReason;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A consumer of the {@code orders} partitions: the starter calls it when this instance is assigned
 * a partition (with the partition's own fencing token) and when it must give one up. A real
 * consumer would start and stop reading the partition here.
 */
@Component
public class OrdersConsumer implements PartitionListener {
  private static final Logger log = LoggerFactory.getLogger(OrdersConsumer.class);

  private final Map<Integer, String> owned = new ConcurrentSkipListMap<>();

  @Override
  public void assigned(PartitionOwnership ownership) {
    owned.put(ownership.partition(), ownership.token().toString());
    log.info(
        "consuming orders partition {} with token {}", ownership.partition(), ownership.token());
  }

  @Override
  public void revoked(PartitionOwnership ownership, RevocationReason reason) {
    owned.remove(ownership.partition());
    log.info("stopped consuming orders partition {} ({})", ownership.partition(), reason);
  }

  /** The partitions this instance consumes now, with their tokens. */
  public SortedMap<Integer, String> owned() {
    return new TreeMap<>(owned);
  }
}
