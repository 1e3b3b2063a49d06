// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring;

import dev.baton.spring.autoconfigure.BatonAutoConfiguration;
import dev.baton.spring.autoconfigure.BatonAvailabilityAutoConfiguration;
import dev.baton.spring.autoconfigure.BatonElectionAutoConfiguration;
import dev.baton.spring.autoconfigure.BatonHealthAutoConfiguration;
import dev.baton.spring.autoconfigure.BatonInfoAutoConfiguration;
import dev.baton.spring.autoconfigure.BatonIntegrationAutoConfiguration;
import dev.baton.spring.autoconfigure.BatonPartitionAutoConfiguration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.info.InfoContributorAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.info.InfoEndpointAutoConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/** Starts whole Spring Boot applications (several per test, kept open) of one service. */
public final class TestApps {
  private TestApps() {}

  /** Baton's auto-configurations, without Actuator's. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    BatonAutoConfiguration.class,
    BatonElectionAutoConfiguration.class,
    BatonPartitionAutoConfiguration.class,
    BatonIntegrationAutoConfiguration.class,
    BatonHealthAutoConfiguration.class,
    BatonInfoAutoConfiguration.class,
    BatonAvailabilityAutoConfiguration.class
  })
  public static class Baton {}

  /** Actuator's health and info endpoints, without a web server. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    EndpointAutoConfiguration.class,
    HealthContributorAutoConfiguration.class,
    HealthContributorRegistryAutoConfiguration.class,
    HealthEndpointAutoConfiguration.class,
    InfoEndpointAutoConfiguration.class,
    InfoContributorAutoConfiguration.class
  })
  public static class Actuator {}

  /**
   * Runs an application of {@code sources} (plus {@link Baton}) with these properties; the caller
   * closes it.
   */
  public static ConfigurableApplicationContext start(List<Class<?>> sources, String... properties) {
    List<Class<?>> all = new ArrayList<>(sources);
    all.add(Baton.class);
    return new SpringApplicationBuilder(all.toArray(Class<?>[]::new))
        .web(WebApplicationType.NONE)
        .bannerMode(Banner.Mode.OFF)
        .logStartupInfo(false)
        .registerShutdownHook(false)
        .properties(properties)
        .run();
  }
}
