// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.leader.CurrentTerm;
import dev.baton.spring.leader.LeaderOnly;
import dev.baton.spring.leader.LeaderOnlyPostProcessor;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;

/** {@link LeaderOnly} methods and {@link CurrentTerm}, by a post-processor (no AspectJ). */
@AutoConfiguration
@ConditionalOnClass(AbstractBeanFactoryAwareAdvisingPostProcessor.class)
public class BatonLeaderOnlyAutoConfiguration {

  /** The per-thread view of the running {@link LeaderOnly} call's term. */
  @Bean
  @ConditionalOnMissingBean
  public CurrentTerm batonCurrentTerm() {
    return new CurrentTerm();
  }

  /** Applies {@link LeaderOnly}; static, as bean post-processors must be. */
  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  public static LeaderOnlyPostProcessor batonLeaderOnlyPostProcessor(Environment environment) {
    LeaderOnlyPostProcessor processor = new LeaderOnlyPostProcessor();
    processor.setProxyTargetClass(
        environment.getProperty("spring.aop.proxy-target-class", Boolean.class, true));
    return processor;
  }
}
