// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;

/** Matches when Baton knows where ZooKeeper is: a connect string or a connection details bean. */
class OnBatonConnectionCondition extends AnyNestedCondition {
  OnBatonConnectionCondition() {
    super(ConfigurationPhase.REGISTER_BEAN);
  }

  @ConditionalOnProperty("baton.connect-string")
  static class ConnectString {}

  @ConditionalOnBean(BatonConnectionDetails.class)
  static class ConnectionDetailsBean {}
}
