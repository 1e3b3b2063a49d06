// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.PartitionListener;
import dev.baton.recipes.BatonSession;
import dev.baton.spring.partition.BatonPartitionGroup;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.BeanFactoryAnnotationUtils;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.core.env.Environment;

/**
 * Creates the group bean of one {@code baton.partitions.<name>}, validating its properties, with
 * the {@link PartitionListener} beans that belong to it: those qualified with its name, and the
 * unqualified ones when it is the only group (an error when there are several).
 */
final class PartitionGroupFactory
    implements NamedBeanRegistrar.Factory<PartitionGroupProperties, BatonPartitionGroup> {
  static final String BEAN_NAME = "batonPartitionGroupFactory";
  private static final Logger log = LoggerFactory.getLogger(PartitionGroupFactory.class);

  private final BatonSession session;
  private final BatonProperties properties;
  private final Environment environment;
  private final ObjectProvider<MeterRegistry> meterRegistry;
  private final ConfigurableListableBeanFactory beanFactory;

  PartitionGroupFactory(
      BatonSession session,
      BatonProperties properties,
      Environment environment,
      ObjectProvider<MeterRegistry> meterRegistry,
      ConfigurableListableBeanFactory beanFactory) {
    this.session = session;
    this.properties = properties;
    this.environment = environment;
    this.meterRegistry = meterRegistry;
    this.beanFactory = beanFactory;
  }

  @Override
  public BatonPartitionGroup create(String name, PartitionGroupProperties p) {
    String prefix = "baton.partitions." + name;
    String path =
        PropertyCheck.required(
            prefix + ".path",
            p.path(),
            "every partition group needs the path of its znode, e.g. /services/" + name + "/group");
    String memberId =
        p.memberId() != null
            ? p.memberId()
            : InstanceId.memberId(InstanceId.of(properties, environment));
    GroupConfig config =
        PropertyCheck.of(prefix)
            .field("memberId", "member-id", memberId)
            .field("partitionCount", "partition-count", p.partitionCount())
            .field("weight", "weight", p.weight())
            .field("zone", "zone", p.zone())
            .field("drainTimeout", "drain-timeout", p.drainTimeout())
            .field("rejoinGrace", "rejoin-grace", p.rejoinGrace())
            .field("rebalanceMaxDelay", "rebalance-max-delay", p.rebalanceMaxDelay())
            .field("rebalanceDelay", "rebalance-delay", p.rebalanceDelay())
            .field("group path", "path", path)
            .run(() -> config(path, memberId, p));
    return new BatonPartitionGroup(
        name,
        session,
        config,
        new CompositePartitionListener(listeners(name)),
        p.autoStartup(),
        BatonPartitionGroup.DEFAULT_PHASE);
  }

  private GroupConfig config(String path, String memberId, PartitionGroupProperties p) {
    GroupConfig.Builder b = GroupConfig.builder(path).memberId(memberId);
    PropertyMapper map = PropertyMapper.get();
    map.from(p.partitionCount()).to(b::partitionCount);
    map.from(p.weight()).to(b::weight);
    map.from(p.zone()).to(b::zone);
    map.from(p.drainTimeout()).to(b::drainTimeout);
    map.from(p.rejoinGrace()).to(b::rejoinGrace);
    map.from(p.rebalanceDelay()).to(b::rebalanceDelay);
    map.from(p.rebalanceMaxDelay()).to(b::rebalanceMaxDelay);
    map.from(meterRegistry.getIfUnique()).to(b::meterRegistry);
    return b.build();
  }

  private List<PartitionListener> listeners(String group) {
    Map<String, PartitionListener> beans = beanFactory.getBeansOfType(PartitionListener.class);
    IdentityHashMap<PartitionListener, String> names = new IdentityHashMap<>();
    beans.forEach((beanName, bean) -> names.put(bean, beanName));
    List<String> groups =
        properties.partitions().entrySet().stream()
            .filter(e -> e.getValue().enabled())
            .map(Map.Entry::getKey)
            .toList();
    List<PartitionListener> result = new ArrayList<>();
    beanFactory
        .getBeanProvider(PartitionListener.class)
        .orderedStream()
        .forEach(
            listener -> {
              String beanName = names.get(listener);
              if (beanName == null) {
                return;
              }
              if (BeanFactoryAnnotationUtils.isQualifierMatch(
                  group::equals, beanName, beanFactory)) {
                result.add(listener);
              } else if (groups.stream()
                  .noneMatch(
                      g ->
                          BeanFactoryAnnotationUtils.isQualifierMatch(
                              g::equals, beanName, beanFactory))) {
                if (groups.size() > 1) {
                  throw new BatonPropertyException(
                      "baton.partitions",
                      groups,
                      "the PartitionListener bean '"
                          + beanName
                          + "' names no group, and there are several; qualify it with"
                          + " @Qualifier(\"<group>\") to pick one of "
                          + groups,
                      null);
                }
                result.add(listener);
              }
            });
    if (result.isEmpty()) {
      log.warn(
          "Baton partition group '{}' has no PartitionListener bean: it takes partitions that"
              + " nothing processes",
          group);
    }
    return result;
  }
}
