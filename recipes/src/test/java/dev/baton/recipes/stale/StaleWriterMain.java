// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.stale;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The leader that will go stale, in its own JVM. Arguments: ZooKeeper connect string, election
 * path, participant id, session timeout ms, PostgreSQL URL, H2 URL, table prefix, ZooKeeper base
 * path. Prints {@code ELECTED <token>}; on the command {@code WRITE <label>} it writes through
 * every fence with the token of the last term it was elected in, whether or not that term is still
 * active (as a process that woke from a pause would), and prints one {@code RESULT <store>
 * <outcome>} line per store.
 */
public final class StaleWriterMain {
  private StaleWriterMain() {}

  public static void main(String[] args) throws Exception {
    BatonSession session =
        BatonSession.start(
            SessionConfig.builder(args[0])
                .sessionTimeout(Duration.ofMillis(Long.parseLong(args[3])))
                .build());
    FencedStores stores = new FencedStores(args[4], args[5], args[6], session.curator(), args[7]);
    AtomicReference<Leadership> last = new AtomicReference<>();
    LeaderElection election =
        LeaderElection.create(
            session,
            ElectionConfig.builder(args[1]).participantId(args[2]).build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                last.set(leadership);
                print("ELECTED " + leadership.token());
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                print("REVOKED " + leadership.token() + " " + reason);
              }
            });
    election.start();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.startsWith("WRITE ")) {
        Leadership term = last.get();
        Map<String, String> results = stores.writeAll(line.substring(6).trim(), term.token());
        results.forEach((store, outcome) -> print("RESULT " + store + " " + outcome));
        print("DONE");
      }
    }
  }

  private static synchronized void print(String line) {
    System.out.println(line);
    System.out.flush();
  }
}
