// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal;

import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.kernel.StoreUnavailableException;
import org.apache.zookeeper.KeeperException;

/**
 * Runs one Curator call and translates its checked exceptions into Baton's unchecked ones, the same
 * way everywhere: an interrupt restores the thread's flag, a failure of the link becomes a {@link
 * StoreUnavailableException}, a refusal for lack of permission names the path.
 */
public final class ZkCalls {
  /** A Curator call. */
  @FunctionalInterface
  public interface Call<T> {
    T run() throws Exception;
  }

  private ZkCalls() {}

  /** Runs {@code call}; {@code what} describes it for messages ("list /election"). */
  public static <T> T call(String what, Call<T> call) {
    try {
      return call.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CoordinationException("interrupted: " + what, e);
    } catch (KeeperException.ConnectionLossException
        | KeeperException.SessionExpiredException
        | KeeperException.SessionMovedException e) {
      throw new StoreUnavailableException(what + ": " + e.code(), e);
    } catch (KeeperException.NoAuthException e) {
      throw new CoordinationException(
          what
              + ": not authorized on "
              + e.getPath()
              + "; this session's identity needs create and delete permission there (see AclPolicy)",
          e);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new CoordinationException(what + ": " + e, e);
    }
  }
}
