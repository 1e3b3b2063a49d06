// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import dev.baton.recipes.CoordinationException;
import java.util.List;
import java.util.Objects;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;

/**
 * Applies an {@link AclPolicy} to existing znodes (ACLs are not inherited, so an older path keeps
 * its ACL). Run it once on the root of each election, lock, group and fence path, e.g. {@code
 * AclMigration.apply(session.curator(), "/services/billing", policy)}, as an identity with ADMIN
 * permission (anyone may change an {@code open} ACL); with {@link AclPolicy#creatorOnly()}, as the
 * service's own identity, which the {@code auth} entry grants. Vanished znodes are skipped.
 */
public final class AclMigration {
  private AclMigration() {}

  /**
   * Sets the policy's ACL on {@code path} and every znode below it; returns how many changed.
   *
   * @throws CoordinationException if the path does not exist, an ACL cannot be set (e.g. no ADMIN
   *     permission) or ZooKeeper fails; znodes changed before the failure keep their new ACL
   */
  public static int apply(CuratorFramework client, String path, AclPolicy policy) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(policy, "policy");
    try {
      if (client.checkExists().forPath(path) == null) {
        throw new CoordinationException("cannot apply ACLs: " + path + " does not exist");
      }
      return applyTree(client, path, policy);
    } catch (CoordinationException e) {
      throw e;
    } catch (Exception e) {
      throw new CoordinationException(
          "cannot apply " + policy + " under " + path + ": " + e.getMessage(), e);
    }
  }

  private static int applyTree(CuratorFramework client, String path, AclPolicy policy)
      throws Exception {
    List<String> children;
    try {
      client.setACL().withACL(policy.aclFor(path)).forPath(path);
      children = client.getChildren().forPath(path);
    } catch (KeeperException.NoNodeException gone) {
      return 0;
    }
    int changed = 1;
    for (String child : children) {
      changed += applyTree(client, ZKPaths.makePath(path, child), policy);
    }
    return changed;
  }
}
