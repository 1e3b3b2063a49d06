// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElectionBuilder;
import dev.baton.spring.election.BatonElections;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Arrays;
import java.util.List;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Elections ({@code <name>Election} per {@code baton.election.<name>}, {@link BatonElections}) on
 * the {@link Backend} {@code baton.backend} names, aliased {@value #BACKEND_BEAN}.
 */
@AutoConfiguration(after = {BatonAutoConfiguration.class, BatonLeaseAutoConfiguration.class})
@Conditional(OnElectionBackendCondition.class)
@EnableConfigurationProperties(BatonProperties.class)
@Import(BatonElectionAutoConfiguration.Elections.class)
public class BatonElectionAutoConfiguration {

  /** The alias of the backend the elections run on, bound once from {@code baton.backend}. */
  public static final String BACKEND_BEAN = "batonBackend";

  static final String FACTORY_BEAN = "batonElectionFactory";

  /**
   * Aliases the {@link BatonSession} or {@link LeaseBackend} bean {@code baton.backend} names as
   * {@value #BACKEND_BEAN} (a second bean would make its type ambiguous and be closed twice),
   * unless the application has a bean of that name or the backend is not unique.
   */
  @Bean
  static BeanFactoryPostProcessor batonBackendAlias(Environment environment) {
    Class<? extends Backend> type =
        environment.getProperty("baton.backend", "zookeeper").equalsIgnoreCase("lease")
            ? LeaseBackend.class
            : BatonSession.class;
    return beans -> {
      if (beans.containsBean(BACKEND_BEAN)) {
        return;
      }
      List<String> names = Arrays.asList(beans.getBeanNamesForType(type, true, false));
      if (names.size() > 1) {
        names =
            names.stream()
                .filter(n -> beans.containsBeanDefinition(n))
                .filter(n -> beans.getBeanDefinition(n).isPrimary())
                .toList();
      }
      if (names.size() == 1) {
        beans.registerAlias(names.get(0), BACKEND_BEAN);
      }
    };
  }

  /** The elections' factory: each election depends on it, so is destroyed before the backend. */
  @Bean(FACTORY_BEAN)
  NamedBeanRegistrar.Factory<ElectionProperties, BatonElection> batonElectionFactory(
      @Qualifier(BACKEND_BEAN) Backend backend,
      BatonProperties properties,
      Environment environment,
      ObjectProvider<MeterRegistry> meterRegistry) {
    return (name, path, p, check) -> {
      String participantId =
          p.participantId() != null ? p.participantId() : InstanceId.of(properties, environment);
      BatonElectionBuilder b =
          BatonElection.builder(name, path)
              .participantId(participantId)
              .role(p.role())
              .autoStartup(p.autoStartup())
              .meterRegistry(meterRegistry.getIfUnique());
      return check
          .field("participantId", "participant-id", participantId)
          .set("callback-drain-timeout", p.callbackDrainTimeout(), b::callbackDrainTimeout)
          .set("connection-policy", p.connectionPolicy(), b::connectionPolicy)
          .field("election path", "path", path)
          .run(() -> b.build(backend));
    };
  }

  /** Registers the bean {@code <name>Election} of each enabled {@code baton.election.<name>}. */
  static class Elections extends NamedBeanRegistrar<ElectionProperties, BatonElection> {
    Elections(Environment environment, BeanFactory beanFactory) {
      super(
          environment,
          beanFactory,
          "baton.election",
          ElectionProperties.class,
          BatonElection.class,
          "Election",
          FACTORY_BEAN,
          "every election needs the path of its znode (or of its row, on the lease backend),"
              + " e.g. /services/%s/leader");
    }
  }

  @Bean
  @ConditionalOnMissingBean
  BatonElections batonElections(ObjectProvider<BatonElection> elections) {
    return new BatonElections(elections.orderedStream().toList());
  }
}
