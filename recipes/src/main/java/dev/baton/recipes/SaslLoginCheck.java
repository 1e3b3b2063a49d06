// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.security.Authentication;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;

/** Checks a new session's SASL login before the session is handed out. */
final class SaslLoginCheck {
  private SaslLoginCheck() {}

  /** A read fails if SASL (run after connecting) failed; closes the client before throwing. */
  public static void check(CuratorFramework client, SessionConfig config) {
    try {
      client.getZookeeperClient().getZooKeeper().exists("/", false);
    } catch (KeeperException.AuthFailedException e) {
      client.close();
      throw new CoordinationException(
          "ZooKeeper at "
              + config.connectString()
              + " refused the SASL login of "
              + config.authentications().stream()
                  .filter(Authentication::isSasl)
                  .findFirst()
                  .orElseThrow(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      client.close();
      throw new CoordinationException(
          "interrupted while authenticating to " + config.connectString(), e);
    } catch (Exception e) {
      client.close();
      throw new CoordinationException(
          "cannot check the SASL login to " + config.connectString(), e);
    }
  }
}
