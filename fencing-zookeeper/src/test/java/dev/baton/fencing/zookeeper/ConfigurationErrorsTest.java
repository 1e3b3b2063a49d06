// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.testkit.ApiErrorRules;
import java.util.List;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The configuration-error rule of the package documentation, across every public factory of this
 * module: a null argument is a {@link NullPointerException} naming the parameter, thrown at once;
 * an invalid value is an {@link IllegalArgumentException} naming the setting.
 */
class ConfigurationErrorsTest {
  /** Never started: the factories must not touch it before checking their arguments. */
  private static final CuratorFramework CLIENT =
      CuratorFrameworkFactory.newClient("127.0.0.1:1", new RetryOneTime(1));

  @AfterAll
  static void closeClient() {
    CLIENT.close();
  }

  static List<ApiErrorRules.Case> nullArguments() {
    return ApiErrorRules.cases(
        ApiErrorRules.publicClasses(ZkFence.class, "dev.baton.fencing.zookeeper", Set.of()),
        new ApiErrorRules.Samples().value(CuratorFramework.class, () -> CLIENT));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void nullArguments(ApiErrorRules.Case c) {
    c.run();
  }

  @Test
  void anInvalidBasePathIsAnIllegalArgumentNamingIt() {
    assertThatThrownBy(() -> ZkFence.create(CLIENT, "no-slash"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("basePath");
    assertThatThrownBy(() -> ZkFence.create(CLIENT, "/a//b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("basePath");
  }
}
