// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.recipes.SessionConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ElectionConfigTest {
  @Test
  void defaultsAreDocumentedValues() {
    ElectionConfig c = ElectionConfig.builder("/app/leader").build();
    assertThat(c.path()).isEqualTo("/app/leader");
    assertThat(c.participantId()).isNotBlank();
    assertThat(c.connectionPolicy()).isEqualTo(ConnectionPolicy.STANDARD);
    assertThat(c.resignOnCallbackFailure()).isTrue();
    assertThat(c.interruptOnRevoke()).isTrue();
    assertThat(c.reentryJitter()).isEqualTo(Duration.ofSeconds(1));
    assertThat(c.callbackDrainTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(c.meterRegistry()).isNotNull();
    assertThat(ElectionConfig.builder("/app/leader").build().participantId())
        .as("default ids differ per instance")
        .isNotEqualTo(c.participantId());
  }

  @Test
  void rejectsInvalidPaths() {
    assertThatThrownBy(() -> ElectionConfig.builder(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("path");
    for (String bad : new String[] {"", "relative", "/", "/trailing/", "/a//b", "/a/./b"}) {
      assertThatThrownBy(() -> ElectionConfig.builder(bad).build())
          .as("path %s", bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("path");
    }
  }

  @Test
  void rejectsInvalidParticipantIdsAndDurations() {
    assertThatThrownBy(() -> ElectionConfig.builder("/e").participantId(" ").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("participantId");
    assertThatThrownBy(() -> ElectionConfig.builder("/e").participantId("a\nb").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control");
    assertThatThrownBy(() -> ElectionConfig.builder("/e").participantId("x".repeat(257)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("256");
    assertThatThrownBy(
            () -> ElectionConfig.builder("/e").reentryJitter(Duration.ofMillis(-1)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("reentryJitter");
    // A null is refused at once by the setter, like every null argument (package documentation).
    assertThatThrownBy(() -> ElectionConfig.builder("/e").callbackDrainTimeout(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("callbackDrainTimeout");
    assertThatThrownBy(() -> ElectionConfig.builder("/e").connectionPolicy(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("connectionPolicy");
  }

  @Test
  void sessionConfigValidates() {
    assertThat(SessionConfig.builder("127.0.0.1:2181").build().sessionTimeout())
        .isEqualTo(Duration.ofSeconds(15));
    assertThatThrownBy(() -> SessionConfig.builder(" ").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("connectString");
    assertThatThrownBy(() -> SessionConfig.builder("h:1").sessionTimeout(Duration.ZERO).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sessionTimeout");
    assertThatThrownBy(() -> SessionConfig.builder("h:1").namespace("bad//ns").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("namespace");
  }
}
