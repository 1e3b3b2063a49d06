// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.lease.LeaseBackend;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;

/** Matches when the backend {@code baton.backend} names is a bean: the session, or a lease. */
class OnElectionBackendCondition extends AnyNestedCondition {
  OnElectionBackendCondition() {
    super(ConfigurationPhase.REGISTER_BEAN);
  }

  @ConditionalOnProperty(name = "baton.backend", havingValue = "zookeeper", matchIfMissing = true)
  @ConditionalOnBean(BatonSession.class)
  static class ZooKeeper {}

  @ConditionalOnProperty(name = "baton.backend", havingValue = "lease")
  @ConditionalOnBean(LeaseBackend.class)
  static class Lease {}
}
