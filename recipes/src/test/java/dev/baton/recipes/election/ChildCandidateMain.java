// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * A candidate in its own JVM, for tests that signal a real process. Arguments: connect string,
 * election path, participant id, session timeout in ms. Prints {@code ELECTED <token>} and {@code
 * REVOKED <token> <reason>} lines to stdout, and runs until the JVM is told to exit.
 */
public final class ChildCandidateMain {
  private ChildCandidateMain() {}

  public static void main(String[] args) throws InterruptedException {
    BatonSession session =
        BatonSession.start(
            SessionConfig.builder(args[0])
                .sessionTimeout(Duration.ofMillis(Long.parseLong(args[3])))
                .closeOnJvmExit(true)
                .build());
    LeaderElection election =
        LeaderElection.create(
            session,
            ElectionConfig.builder(args[1]).participantId(args[2]).build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                System.out.println("ELECTED " + leadership.token());
                System.out.flush();
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                System.out.println("REVOKED " + leadership.token() + " " + reason);
                System.out.flush();
              }
            });
    election.start();
    System.out.println("STARTED");
    System.out.flush();
    new CountDownLatch(1).await();
  }
}
