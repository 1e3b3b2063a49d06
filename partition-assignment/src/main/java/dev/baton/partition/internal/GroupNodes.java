// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal;

import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates a group's persistent parents ({@code members}, {@code owners}) if they are missing. */
public final class GroupNodes {
  private static final Logger log = LoggerFactory.getLogger(GroupNodes.class);

  private GroupNodes() {}

  /** Best effort: a failure is logged and the callers retry their own operations; blocking. */
  public static void ensure(CuratorFramework client, GroupPaths paths) {
    for (String path : new String[] {paths.members(), paths.owners()}) {
      try {
        if (client.checkExists().forPath(path) == null) {
          client.create().creatingParentsIfNeeded().forPath(path);
        }
      } catch (KeeperException.NodeExistsException e) {
        log.debug("{} created concurrently", path);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // stop; the caller's own operations fail and say so
        return;
      } catch (Exception e) {
        log.warn("cannot create {}: {}", path, e.toString());
      }
    }
  }
}
