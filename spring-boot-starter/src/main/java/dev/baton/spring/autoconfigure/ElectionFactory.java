// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.backend.Backend;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElectionBuilder;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.core.env.Environment;

/** Creates the election bean of one {@code baton.election.<name>}, validating its properties. */
final class ElectionFactory extends NamedBeanFactory<ElectionProperties, BatonElection> {
  static final String BEAN_NAME = "batonElectionFactory";

  private final Backend backend;

  ElectionFactory(
      Backend backend,
      BatonProperties properties,
      Environment environment,
      ObjectProvider<MeterRegistry> meterRegistry) {
    super(properties, environment, meterRegistry);
    this.backend = backend;
  }

  @Override
  BatonElection create(String name) {
    String prefix = "baton.election." + name;
    ElectionProperties p = entry(properties.election(), "baton.election", name);
    String path =
        requirePath(
            prefix,
            p.path(),
            "every election needs the path of its znode (or of its row, on the lease backend),"
                + " e.g. /services/"
                + name
                + "/leader");
    String participantId = p.participantId() != null ? p.participantId() : instanceId();
    return PropertyCheck.of(prefix)
        .field("participantId", "participant-id", participantId)
        .field("callbackDrainTimeout", "callback-drain-timeout", p.callbackDrainTimeout())
        .field("connectionPolicy", "connection-policy", p.connectionPolicy())
        .field("election path", "path", path)
        .run(
            () -> {
              BatonElectionBuilder b =
                  BatonElection.builder(name, path)
                      .participantId(participantId)
                      .role(p.role())
                      .autoStartup(p.autoStartup())
                      .meterRegistry(meterRegistry());
              PropertyMapper map = PropertyMapper.get();
              map.from(p.connectionPolicy()).to(b::connectionPolicy);
              map.from(p.callbackDrainTimeout()).to(b::callbackDrainTimeout);
              return b.build(backend);
            });
  }
}
