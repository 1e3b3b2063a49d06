// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.testkit.ReadmeSnippets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The default connection timeout is never above the session timeout: Curator logs "session timeout
 * [..] is less than connection timeout [..]" at every start when it is, which a user who only
 * shortened the session timeout did not ask for. A value set explicitly is kept.
 */
class SessionConfigTimeoutsTest {
  @Test
  void theDefaultConnectionTimeoutIsFiveSecondsUnderTheDefaultSessionTimeout() {
    SessionConfig config = SessionConfig.builder("127.0.0.1:2181").build();
    assertThat(config.sessionTimeout()).isEqualTo(Duration.ofSeconds(15));
    assertThat(config.connectionTimeout()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void theDefaultConnectionTimeoutFollowsAShorterSessionTimeout() {
    SessionConfig config =
        SessionConfig.builder("127.0.0.1:2181").sessionTimeout(Duration.ofSeconds(3)).build();
    assertThat(config.connectionTimeout())
        .isLessThanOrEqualTo(config.sessionTimeout())
        .isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void anExplicitConnectionTimeoutIsKept() {
    SessionConfig config =
        SessionConfig.builder("127.0.0.1:2181")
            .sessionTimeout(Duration.ofSeconds(3))
            .connectionTimeout(Duration.ofSeconds(8))
            .build();
    assertThat(config.connectionTimeout()).isEqualTo(Duration.ofSeconds(8));
  }

  @Test
  void theReadmeStatesTheDefault() {
    assertThat(ReadmeSnippets.readme())
        .contains(
            "| `SessionConfig.connectionTimeout` | 5 s, or the session timeout if shorter | how long"
                + " a call waits for a connection; Curator warns at every start when it is above"
                + " the session timeout |");
  }
}
