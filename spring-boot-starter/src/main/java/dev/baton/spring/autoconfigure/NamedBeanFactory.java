// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;

/**
 * Creates the bean of one entry of a map property ({@code baton.election.<name>}, {@code
 * baton.partitions.<name>}), validating its properties: the common part of the election and the
 * partition group factories. {@link NamedBeanRegistrar} registers the beans it creates.
 *
 * @param <P> the entry's properties
 * @param <T> the bean
 */
abstract class NamedBeanFactory<P, T> {
  final BatonProperties properties;
  private final Environment environment;
  private final ObjectProvider<MeterRegistry> meterRegistry;

  NamedBeanFactory(
      BatonProperties properties,
      Environment environment,
      ObjectProvider<MeterRegistry> meterRegistry) {
    this.properties = properties;
    this.environment = environment;
    this.meterRegistry = meterRegistry;
  }

  /** Creates the bean of entry {@code name}. */
  abstract T create(String name);

  /** The properties of entry {@code name} under {@code prefix}, which the registrar saw bound. */
  static <P> P entry(Map<String, P> entries, String prefix, String name) {
    P p = entries.get(name);
    if (p == null) {
      throw new IllegalStateException("no properties under " + prefix + "." + name);
    }
    return p;
  }

  /** The entry's required path, else a failure naming {@code <prefix>.path} and an example. */
  static String requirePath(String prefix, @Nullable String path, String need) {
    if (path == null || path.isBlank()) {
      throw new BatonPropertyException(prefix + ".path", path, need, null);
    }
    return path;
  }

  /** This instance's default name ({@code baton.instance-id} or the host's). */
  String instanceId() {
    return InstanceId.of(properties, environment);
  }

  /** The application's meter registry, if it has exactly one. */
  @Nullable MeterRegistry meterRegistry() {
    return meterRegistry.getIfUnique();
  }
}
