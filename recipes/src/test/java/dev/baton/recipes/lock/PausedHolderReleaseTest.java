// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.Closer;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 29, item 2: a holder in another JVM is paused with SIGSTOP past its session while this
 * process takes the lock; resumed with SIGCONT, its release must not report a hold that was still
 * valid. The release is the first thing the holder does when it wakes (the command waits in its
 * input while it is stopped), before its client has told it that the link is gone.
 */
class PausedHolderReleaseTest {
  private static final Duration SESSION = Duration.ofSeconds(2); // the server's least
  private static final Duration WAIT = Duration.ofSeconds(60);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  @RegisterExtension final Closer closer = new Closer();

  @Test
  void aHolderPausedPastItsSessionReleasesWithFalse() throws Exception {
    String path = "/baton-test/paused-holder";
    ChildJvm holder =
        closer.add(
            ChildJvm.start(
                LockHolderMain.class, ZK.connectString(), path, Long.toString(SESSION.toMillis())));
    String held = holder.awaitLine("HELD ", 0, WAIT);
    FencingToken heldToken = FencingToken.parse(held.substring("HELD ".length()));
    BatonSession session =
        closer.add(BatonSession.start(SessionConfig.builder(ZK.connectString()).build()));
    FencedLock taker =
        closer.add(FencedLock.create(session, LockConfig.builder(path).ownerId("taker").build()));

    holder.pause(); // SIGSTOP: the holder still believes it holds the lock
    LockHandle taken = taker.acquire(WAIT).orElseThrow(); // once the server expired its session
    assertThat(taken.token()).isGreaterThan(heldToken);
    int seen = holder.lines().size();
    holder.send("RELEASE");
    holder.resume(); // SIGCONT

    assertThat(holder.awaitLine("RELEASED ", seen, WAIT))
        .as("the hold had ended while the holder was stopped")
        .startsWith("RELEASED false ");
    assertThat(taken.isActive()).isTrue();
    assertThat(session.curator().checkExists().forPath(taken.nodePath())).isNotNull();
  }
}
