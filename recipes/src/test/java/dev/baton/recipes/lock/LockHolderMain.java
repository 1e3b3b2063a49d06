// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A lock holder in its own JVM, for tests that pause a real process. Arguments: connect string,
 * lock path, session timeout in ms. Takes the lock on its main thread and prints {@code HELD
 * <token>}; on the command {@code RELEASE} that thread releases it, as a critical section that ran
 * to its end would, and prints {@code RELEASED <what release() returned> <the hold's revocation
 * reason, or none>}.
 */
public final class LockHolderMain {
  private LockHolderMain() {}

  public static void main(String[] args) throws Exception {
    BatonSession session =
        BatonSession.start(
            SessionConfig.builder(args[0])
                .sessionTimeout(Duration.ofMillis(Long.parseLong(args[2])))
                .build());
    FencedLock lock =
        FencedLock.create(session, LockConfig.builder(args[1]).ownerId("child").build());
    LockHandle hold =
        lock.acquire(Duration.ofSeconds(60))
            .orElseThrow(() -> new IllegalStateException("no hold of " + args[1] + " in 60 s"));
    print("HELD " + hold.token());
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.equals("RELEASE")) {
        boolean valid = lock.release();
        print("RELEASED " + valid + " " + hold.revocationReason().map(Enum::name).orElse("none"));
      }
    }
  }

  private static void print(String line) {
    System.out.println(line);
    System.out.flush();
  }
}
