// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.ElectionBackend;
import io.micrometer.core.instrument.MeterRegistry;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;

/** Creates the election bean of one {@code baton.election.<name>}, validating its properties. */
final class ElectionFactory {
  static final String BEAN_NAME = "batonElectionFactory";

  private final ElectionBackend backend;
  private final BatonProperties properties;
  private final Environment environment;
  private final ObjectProvider<MeterRegistry> meterRegistry;

  ElectionFactory(
      ElectionBackend backend,
      BatonProperties properties,
      Environment environment,
      ObjectProvider<MeterRegistry> meterRegistry) {
    this.backend = backend;
    this.properties = properties;
    this.environment = environment;
    this.meterRegistry = meterRegistry;
  }

  /** The bean name of election {@code name}. */
  static String beanName(String name) {
    return name + "Election";
  }

  BatonElection create(String name) {
    String prefix = "baton.election." + name;
    ElectionProperties p = properties.getElection().get(name);
    if (p == null) {
      throw new IllegalStateException("no properties under " + prefix);
    }
    @Nullable String path = p.getPath();
    if (path == null || path.isBlank()) {
      throw new BatonPropertyException(
          prefix + ".path",
          path,
          "every election needs the path of its znode (or of its row, on the lease backend), e.g."
              + " /services/"
              + name
              + "/leader",
          null);
    }
    String participantId =
        p.getParticipantId() != null
            ? p.getParticipantId()
            : InstanceId.of(properties, environment);
    return PropertyCheck.of(prefix)
        .field("participantId", "participant-id", participantId)
        .field("callbackDrainTimeout", "callback-drain-timeout", p.getCallbackDrainTimeout())
        .field("connectionPolicy", "connection-policy", p.getConnectionPolicy())
        .field("election path", "path", path)
        .run(
            () ->
                BatonElection.builder(name, path)
                    .participantId(participantId)
                    .connectionPolicy(p.getConnectionPolicy())
                    .role(p.getRole())
                    .callbackDrainTimeout(p.getCallbackDrainTimeout())
                    .autoStartup(p.isAutoStartup())
                    .meterRegistry(meterRegistry.getIfUnique())
                    .build(backend));
  }
}
