// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * The {@link BatonConnectionDetails} of {@code baton.connect-string}, used when the application has
 * no bean of its own (Spring Boot's convention for connection details).
 */
class PropertiesBatonConnectionDetails implements BatonConnectionDetails {
  private final BatonProperties properties;

  /** The connection details of {@code properties}. */
  PropertiesBatonConnectionDetails(BatonProperties properties) {
    this.properties = properties;
  }

  /**
   * {@inheritDoc}
   *
   * @throws BatonPropertyException if {@code baton.connect-string} is not set
   */
  @Override
  public String connectString() {
    @Nullable String value = properties.connectString();
    if (value == null || value.isBlank()) {
      throw new BatonPropertyException(
          "baton.connect-string", value, "the ZooKeeper connect string is not set", null);
    }
    return value;
  }
}
