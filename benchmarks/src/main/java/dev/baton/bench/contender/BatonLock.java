// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.lock.FencedLock;
import dev.baton.recipes.lock.LockConfig;
import dev.baton.recipes.lock.LockHandle;
import java.time.Duration;
import java.util.Optional;
import org.apache.zookeeper.ZooKeeper;

/** Baton: {@link BatonSession#start} and a {@link FencedLock}. */
final class BatonLock implements LockContender {
  private final BatonSession session;
  private final FencedLock lock;
  private LockHandle hold; // only the thread that holds the lock touches it

  BatonLock(String path, String ownerId, ZkClient client) {
    session = BatonSession.start(client.sessionConfig());
    lock = FencedLock.create(session, LockConfig.builder(path).ownerId(ownerId).build());
  }

  @Override
  public boolean acquire(long timeoutMs) throws Exception {
    Optional<LockHandle> h = lock.acquire(Duration.ofMillis(timeoutMs));
    hold = h.orElse(null);
    return h.isPresent();
  }

  @Override
  public long token() {
    return hold.token().value();
  }

  @Override
  public String tokenScope() {
    return hold.token().scope();
  }

  @Override
  public void release() {
    hold = null;
    if (!lock.release()) {
      throw new BenchmarkFailure(
          "FencedLock.release(): the hold had already ended, or ZooKeeper did not confirm its delete");
    }
  }

  @Override
  public ZooKeeper handle() throws Exception {
    return session.curator().getZookeeperClient().getZooKeeper();
  }

  @Override
  public void close() {
    lock.close();
    session.close();
  }
}
