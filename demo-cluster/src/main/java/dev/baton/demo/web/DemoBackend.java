// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import java.util.Map;

/**
 * What the dashboard shows and drives: the launcher implements it.
 *
 * <p>{@link #stateJson()} is one JSON object:
 *
 * <pre>{@code
 * {
 *   "now": 1764560000000,                        // epoch ms, all times are epoch ms
 *   "startedAt": 1764559000000,
 *   "zookeeper": {"connectString": "127.0.0.1:2181,...", "managed": true, "tls": false,
 *     "servers": [{"index": 0, "id": 1, "address": "127.0.0.1:40001",
 *                  "state": "running|paused|killed", "mode": "leader|follower|standalone|down"}]},
 *   "leader": {"worker": "w2", "token": "ft:4294967301@/baton-demo/scheduler", "tokenValue": 4294967301,
 *              "since": 1764559100000} | null,
 *   "terms": [{"worker": "w1", "token": "...", "tokenValue": 4294967299, "from": ..., "to": ... | null,
 *              "reason": "SESSION_LOST" | null}],          // oldest first, at most 100
 *   "workers": [{"id": "w1", "pid": 1234, "state": "running|paused|cut|killed|stopped",
 *                "leader": false, "partitions": [0, 3, 7], "jobs": 12, "results": 230,
 *                "until": ... | null}],                      // end of a timed pause or cut
 *   "partitions": [{"partition": 0, "owner": "w1" | null, "token": "..." | null,
 *                   "tokenValue": 123 | null, "since": ... | null}],
 *   "jobs": {"created": 57},
 *   "results": {"accepted": 1234},
 *   "rejected": {"total": 2, "recent": [{"at": ..., "worker": "w1", "what": "job|result",
 *                "resource": "...", "partition": 3 | null, "presented": "...", "current": "...",
 *                "presentedValue": 1, "currentValue": 2}]},   // newest first, at most 50
 *   "timeline": [{"at": ..., "kind": "elected|revoked|assigned|released|rejected|fault|worker|server",
 *                 "worker": "w1" | null, "partition": 3 | null, "tokenValue": 123 | null,
 *                 "text": "w1 elected with token 4294967299"}],  // oldest first, at most 500
 *   "faults": [{"kind": "kill-leader", "label": "Kill the leader", "params": []},
 *              {"kind": "pause-leader", "label": "Pause the leader", "params": ["seconds"]},
 *              {"kind": "expire-session", "label": "Expire a session", "params": ["worker"]},
 *              {"kind": "cut-worker", "label": "Cut a worker off ZooKeeper", "params": ["worker", "seconds"]},
 *              {"kind": "kill-zk", "label": "Kill a ZooKeeper server", "params": ["server"]},
 *              {"kind": "restart-zk", "label": "Restart a ZooKeeper server", "params": ["server"]},
 *              {"kind": "add-worker", "label": "Add a worker", "params": []},
 *              {"kind": "remove-worker", "label": "Remove a worker", "params": ["worker"]}]
 * }
 * }</pre>
 *
 * <p>Fault parameters (optional): {@code worker} (an id; default the leader, for {@code
 * remove-worker} the newest), {@code server} (id 1 to n; default the ensemble's leader for {@code
 * kill-zk}, a server that is down for {@code restart-zk}), {@code seconds} (1 to 300, default 10).
 *
 * <p>Implementations are thread-safe: the dashboard calls them from its request threads.
 */
public interface DemoBackend {
  /** The current state, as described above. */
  String stateJson();

  /**
   * Injects the fault {@code kind}; absent parameters take defaults.
   *
   * @return a short message for the user, e.g. "paused w2 (pid 1234) for 10 s"
   * @throws IllegalArgumentException for an unknown kind or a bad parameter
   * @throws IllegalStateException if the fault cannot be injected now (e.g. no leader)
   */
  String inject(String kind, Map<String, String> params);
}
