// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.StoreUnavailableException;
import org.apache.zookeeper.KeeperException;

/**
 * Runs Curator calls and translates their checked exceptions alike: an interrupt restores the flag,
 * a link failure is a {@link StoreUnavailableException}, a permission refusal names the path.
 */
final class ZkCalls {
  @FunctionalInterface
  public interface Call<T> {
    T run() throws Exception;
  }

  private ZkCalls() {}

  /** Runs {@code call}; {@code what} describes it for messages ("list /election"). */
  public static <T> T call(String what, Call<T> call) {
    try {
      return call.run();
    } catch (Exception e) {
      throw translate(what, e);
    }
  }

  /** The unchecked exception for {@code what} failing with {@code e}; restores an interrupt. */
  public static RuntimeException translate(String what, Exception e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      return new CoordinationException("interrupted: " + what, e);
    } else if (e instanceof KeeperException.ConnectionLossException
        || e instanceof KeeperException.SessionExpiredException
        || e instanceof KeeperException.SessionMovedException) {
      return new StoreUnavailableException(what + ": " + ((KeeperException) e).code(), e);
    } else if (e instanceof KeeperException.NoAuthException n) {
      return new CoordinationException(
          what
              + ": not authorized on "
              + n.getPath()
              + "; this session's identity needs create and delete permission there (see AclPolicy)",
          e);
    } else if (e instanceof RuntimeException r) {
      return r;
    }
    return new CoordinationException(what + ": " + e, e);
  }
}
