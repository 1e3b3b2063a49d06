// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class BatonAutoConfigurationTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  BatonAutoConfiguration.class, BatonElectionAutoConfiguration.class));

  @Test
  void backsOffWithoutConnectString() {
    runner.run(
        ctx -> {
          assertThat(ctx).hasNotFailed();
          assertThat(ctx).doesNotHaveBean(BatonSession.class);
          assertThat(ctx).doesNotHaveBean(BatonConnectionDetails.class);
        });
  }

  @Test
  void connectsWithTheConnectStringAndClosesTheSessionWithTheContext() {
    BatonSession[] session = new BatonSession[1];
    runner
        .withPropertyValues("baton.connect-string=" + ZK.connectString(), "baton.namespace=/app")
        .run(
            ctx -> {
              assertThat(ctx).hasSingleBean(BatonSession.class);
              assertThat(ctx)
                  .hasSingleBean(BatonAutoConfiguration.PropertiesBatonConnectionDetails.class);
              session[0] = ctx.getBean(BatonSession.class);
              assertThat(session[0].isConnected()).isTrue();
              assertThat(session[0].curator().getNamespace()).isEqualTo("app");
            });
    assertThat(session[0].isOpen()).isFalse();
  }

  @Test
  void leavesTheSessionOpenWhenCloseOnShutdownIsFalse() {
    BatonSession[] session = new BatonSession[1];
    runner
        .withPropertyValues(
            "baton.connect-string=" + ZK.connectString(), "baton.close-on-shutdown=false")
        .run(ctx -> session[0] = ctx.getBean(BatonSession.class));
    try {
      assertThat(session[0].isOpen()).isTrue();
    } finally {
      session[0].close();
    }
  }

  @Test
  void connectionDetailsBeanWinsOverTheProperty() {
    runner
        .withPropertyValues("baton.connect-string=127.0.0.1:1")
        .withBean(BatonConnectionDetails.class, () -> ZK::connectString)
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed();
              assertThat(ctx)
                  .doesNotHaveBean(BatonAutoConfiguration.PropertiesBatonConnectionDetails.class);
              assertThat(ctx.getBean(BatonSession.class).isConnected()).isTrue();
            });
  }

  @Test
  void connectionDetailsBeanAloneIsEnough() {
    runner
        .withBean(BatonConnectionDetails.class, () -> ZK::connectString)
        .run(ctx -> assertThat(ctx).hasSingleBean(BatonSession.class));
  }

  @Test
  void applicationSessionBeanIsKept() {
    runner
        .withPropertyValues("baton.connect-string=" + ZK.connectString())
        .withUserConfiguration(OwnSession.class)
        .run(
            ctx -> {
              assertThat(ctx).hasSingleBean(BatonSession.class);
              assertThat(ctx).hasBean("ownSession");
            });
  }

  @Test
  void customizersChangeTheSessionConfig() {
    runner
        .withPropertyValues("baton.connect-string=" + ZK.connectString())
        .withBean(BatonSessionCustomizer.class, () -> b -> b.namespace("custom"))
        .run(
            ctx ->
                assertThat(ctx.getBean(BatonSession.class).curator().getNamespace())
                    .isEqualTo("custom"));
  }

  @Test
  void anUnsetConnectionTimeoutIsTheSessionConfigsDefault() {
    // SessionConfig's default: 5 s, or the session timeout if that is shorter.
    runner
        .withPropertyValues("baton.connect-string=" + ZK.connectString())
        .run(ctx -> assertThat(connectionTimeoutMs(ctx)).isEqualTo(5_000));
    runner
        .withPropertyValues(
            "baton.connect-string=" + ZK.connectString(), "baton.session-timeout=3s")
        .run(ctx -> assertThat(connectionTimeoutMs(ctx)).isEqualTo(3_000));
    runner
        .withPropertyValues(
            "baton.connect-string=" + ZK.connectString(),
            "baton.session-timeout=3s",
            "baton.connection-timeout=4s")
        .run(ctx -> assertThat(connectionTimeoutMs(ctx)).isEqualTo(4_000));
  }

  private static int connectionTimeoutMs(AssertableApplicationContext ctx) {
    assertThat(ctx).hasNotFailed();
    return ctx.getBean(BatonSession.class).curator().getZookeeperClient().getConnectionTimeoutMs();
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnSession {
    @Bean
    BatonSession ownSession() {
      return BatonSession.start(SessionConfig.builder(ZK.connectString()).build());
    }
  }
}
