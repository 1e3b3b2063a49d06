// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.FencingException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A lease holder in its own JVM. Arguments: PostgreSQL URL, lease table, election path, participant
 * id, lease ms, fence table, data table. Prints {@code ELECTED <token>} and {@code REVOKED <token>
 * <reason>}; on {@code WRITE <label>} it writes the label through the SQL fence with the token of
 * the last term it was elected in, whether or not that term is still active (as a process that woke
 * from a pause would), and prints {@code RESULT ACCEPTED} or {@code RESULT REJECTED <exception>},
 * then {@code DONE}.
 */
public final class LeaseHolderMain {
  private LeaseHolderMain() {}

  public static void main(String[] args) throws Exception {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(args[0]);
    long leaseMs = Long.parseLong(args[4]);
    LeaseBackend backend = LeaseBackend.create(ds, config(args[1], leaseMs).build());
    SqlFence fence = SqlFence.create(ds, args[5], args[3]);
    String data = args[6];
    AtomicReference<Leadership> last = new AtomicReference<>();
    LeaderElection election =
        LeaderElection.create(
            backend,
            ElectionConfig.builder(args[2]).participantId(args[3]).build(),
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
        String label = line.substring(6).trim();
        try {
          fence.write(
              "lease-test",
              last.get().token(),
              c -> {
                try (PreparedStatement s =
                    c.prepareStatement("INSERT INTO " + data + " (label) VALUES (?)")) {
                  s.setString(1, label);
                  return s.executeUpdate();
                }
              });
          print("RESULT ACCEPTED");
        } catch (FencingException e) {
          print("RESULT REJECTED " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
        print("DONE");
      }
    }
  }

  /** The lease settings of the process tests, scaled to {@code leaseMs}. */
  static LeaseConfig.Builder config(String table, long leaseMs) {
    return LeaseConfig.builder()
        .table(table)
        .leaseDuration(Duration.ofMillis(leaseMs))
        .safetyMargin(Duration.ofMillis(leaseMs / 5))
        .renewInterval(Duration.ofMillis(leaseMs / 5))
        .renewTimeout(Duration.ofMillis(leaseMs / 5))
        .pollInterval(Duration.ofMillis(200));
  }

  private static synchronized void print(String line) {
    System.out.println(line);
    System.out.flush();
  }
}
