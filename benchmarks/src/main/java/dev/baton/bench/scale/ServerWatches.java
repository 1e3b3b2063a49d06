// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The server's watches under one election path, from the four-letter word {@code wchp} (watches by
 * path: each path on a line of its own, then one tab-indented {@code 0x<session>} line per session
 * watching it; data watches, then child watches).
 */
final class ServerWatches {
  /** What the watches under the election are for. */
  record Census(int total, int onPredecessor, int onOwn, int other, int missingPredecessors) {}

  private final Map<String, Set<Long>> watchersByPath = new HashMap<>();
  private int total; // watches (a session on a path) under the election, data and child together

  private ServerWatches() {}

  /** Parses a {@code wchp} answer, keeping the paths equal to or under {@code electionPath}. */
  static ServerWatches parse(String wchp, String electionPath) {
    ServerWatches w = new ServerWatches();
    String current = null;
    for (String line : wchp.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      if (line.startsWith("\t")) {
        String id = line.trim();
        if (current != null && id.startsWith("0x")) {
          if (w.watchersByPath
              .computeIfAbsent(current, p -> new HashSet<>())
              .add(Long.parseUnsignedLong(id.substring(2), 16))) {
            w.total++;
          }
        }
      } else {
        String path = line.trim();
        current = path.equals(electionPath) || path.startsWith(electionPath + "/") ? path : null;
      }
    }
    return w;
  }

  /**
   * Sorts the watches of the queue {@code children} (znode paths in queue order) whose owners are
   * {@code owners} (session ids, same order): each candidate but the first must watch its
   * predecessor.
   */
  Census census(List<String> children, List<Long> owners) {
    int onPredecessor = 0;
    int onOwn = 0;
    int missing = 0;
    for (int i = 0; i < children.size(); i++) {
      Set<Long> watchers = watchersByPath.getOrDefault(children.get(i), Set.of());
      if (watchers.contains(owners.get(i))) {
        onOwn++;
      }
      if (i + 1 < children.size()) {
        if (watchers.contains(owners.get(i + 1))) {
          onPredecessor++;
        } else {
          missing++;
        }
      }
    }
    return new Census(total, onPredecessor, onOwn, total - onPredecessor - onOwn, missing);
  }
}
