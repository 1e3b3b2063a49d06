// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LaunchOptionsTest {
  @Test
  void defaultsToThreeEmbeddedInstances() {
    LaunchOptions o = LaunchOptions.parse();
    assertThat(o.instances()).isEqualTo(3);
    assertThat(o.dbUrl()).isEmpty();
    assertThat(o.zookeeper()).isEmpty();
  }

  @Test
  void readsEveryOption() {
    LaunchOptions o =
        LaunchOptions.parse("--instances", "2", "--db-url", "jdbc:x", "--zookeeper", "h:1");
    assertThat(o.instances()).isEqualTo(2);
    assertThat(o.dbUrl()).contains("jdbc:x");
    assertThat(o.zookeeper()).contains("h:1");
  }

  @Test
  void rejectsBadInput() {
    assertThatThrownBy(() -> LaunchOptions.parse("--instances", "0"))
        .hasMessageContaining("1 to 9");
    assertThatThrownBy(() -> LaunchOptions.parse("--instances"))
        .hasMessageContaining("needs a value");
    assertThatThrownBy(() -> LaunchOptions.parse("--nope", "1"))
        .hasMessageContaining("unknown option --nope");
    assertThatThrownBy(() -> LaunchOptions.parse("--help")).hasMessageContaining("usage");
  }
}
