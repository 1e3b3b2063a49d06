// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/** Where the ZooKeeper ensemble is; such a bean overrides {@code baton.connect-string}. */
public interface BatonConnectionDetails extends ConnectionDetails {
  /** The ZooKeeper connect string, {@code host:port[,host:port...][/chroot]}. */
  String connectString();
}
