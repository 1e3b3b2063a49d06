// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import dev.baton.spring.autoconfigure.BatonConnectionDetails;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;

/**
 * Registered in {@code META-INF/spring.factories}: the {@link BatonConnectionDetails} of any
 * {@code @ServiceConnection} {@link ZooKeeperContainer}, read from the started container.
 */
final class ZooKeeperContainerConnectionDetailsFactory
    extends ContainerConnectionDetailsFactory<ZooKeeperContainer, BatonConnectionDetails> {
  ZooKeeperContainerConnectionDetailsFactory() {
    super(ANY_CONNECTION_NAME);
  }

  @Override
  protected BatonConnectionDetails getContainerConnectionDetails(
      ContainerConnectionSource<ZooKeeperContainer> source) {
    return new ZooKeeperContainerConnectionDetails(source);
  }

  /** Reads the connect string from the container (which Spring Boot starts if it is not). */
  static final class ZooKeeperContainerConnectionDetails
      extends ContainerConnectionDetails<ZooKeeperContainer> implements BatonConnectionDetails {
    ZooKeeperContainerConnectionDetails(ContainerConnectionSource<ZooKeeperContainer> source) {
      super(source);
    }

    @Override
    public String connectString() {
      return getContainer().getConnectString();
    }
  }
}
