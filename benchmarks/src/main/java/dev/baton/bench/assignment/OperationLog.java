// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.curator.drivers.AdvancedTracerDriver;
import org.apache.curator.drivers.EventTrace;
import org.apache.curator.drivers.OperationTrace;
import org.apache.zookeeper.KeeperException;

/**
 * The ZooKeeper operations one member's client completed (Curator's operation traces, timestamped
 * on completion), to show on stderr what a newcomer does between the publication of the assignment
 * and the moment it owns its partitions. Diagnostics only: the figures do not depend on it.
 */
final class OperationLog extends AdvancedTracerDriver {
  private record Op(String name, long endNanos) {}

  private final List<Op> ops = new ArrayList<>();

  @Override
  public void addTrace(OperationTrace trace) {
    long now = System.nanoTime();
    String name = trace.getName();
    if (trace.getReturnCode() != 0) {
      name += "=" + KeeperException.Code.get(trace.getReturnCode());
    }
    synchronized (ops) {
      ops.add(new Op(name, now));
    }
  }

  @Override
  public void addEvent(EventTrace trace) {
    // connection-state events are not needed
  }

  /** Operations completed in {@code [from, to]} by name (with the error code if they failed). */
  Map<String, Integer> between(long from, long to) {
    Map<String, Integer> out = new TreeMap<>();
    synchronized (ops) {
      for (Op op : ops) {
        if (op.endNanos() >= from && op.endNanos() <= to) {
          out.merge(op.name(), 1, Integer::sum);
        }
      }
    }
    return out;
  }
}
