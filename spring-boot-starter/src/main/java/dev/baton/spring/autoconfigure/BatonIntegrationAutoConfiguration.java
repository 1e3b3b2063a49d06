// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.election.BatonElections;
import dev.baton.spring.election.integration.IntegrationLeaderEventBridge;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.integration.leader.event.DefaultLeaderEventPublisher;
import org.springframework.integration.leader.event.LeaderEventPublisher;

/**
 * With spring-integration-core: every election also publishes Spring Integration's {@code
 * OnGrantedEvent} and {@code OnRevokedEvent} for its role, via the single {@link
 * LeaderEventPublisher} bean or a {@link DefaultLeaderEventPublisher}.
 */
@AutoConfiguration(after = BatonElectionAutoConfiguration.class)
@ConditionalOnClass(LeaderEventPublisher.class)
@ConditionalOnBean(BatonElections.class)
public class BatonIntegrationAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  IntegrationLeaderEventBridge batonLeaderEventBridge(
      ObjectProvider<LeaderEventPublisher> publishers, ApplicationEventPublisher events) {
    return new IntegrationLeaderEventBridge(
        publishers.getIfUnique(() -> new DefaultLeaderEventPublisher(events)));
  }
}
