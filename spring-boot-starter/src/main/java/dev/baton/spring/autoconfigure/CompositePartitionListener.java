// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.RevocationReason;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.BeanFactoryAnnotationUtils;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * Several {@link PartitionListener}s as one: {@code assigned} in order, {@code revoked} in reverse;
 * all are called even if one throws, then the first failure is rethrown for the member to log.
 */
final class CompositePartitionListener implements PartitionListener {
  private static final Logger log = LoggerFactory.getLogger(CompositePartitionListener.class);

  private final List<PartitionListener> listeners;

  /** The listeners, in the order they are told of an assignment. */
  CompositePartitionListener(List<PartitionListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  /** The listeners qualified with {@code group}, plus unqualified ones if it is the only group. */
  static CompositePartitionListener of(
      String group, BatonProperties properties, ConfigurableListableBeanFactory beanFactory) {
    IdentityHashMap<PartitionListener, String> names = new IdentityHashMap<>();
    beanFactory.getBeansOfType(PartitionListener.class).forEach((n, bean) -> names.put(bean, n));
    List<String> groups =
        properties.partitions().entrySet().stream()
            .filter(e -> e.getValue().enabled())
            .map(Map.Entry::getKey)
            .toList();
    List<PartitionListener> result = new ArrayList<>();
    for (PartitionListener listener :
        beanFactory.getBeanProvider(PartitionListener.class).orderedStream().toList()) {
      String beanName = names.get(listener);
      if (beanName == null) {
        continue;
      }
      Predicate<String> qualified =
          g -> BeanFactoryAnnotationUtils.isQualifierMatch(g::equals, beanName, beanFactory);
      if (qualified.test(group)) {
        result.add(listener);
      } else if (groups.stream().noneMatch(qualified)) {
        if (groups.size() > 1) {
          throw new BatonPropertyException(
              "baton.partitions",
              groups,
              ("the PartitionListener bean '%s' names no group, and there are several; qualify it"
                      + " with @Qualifier(\"<group>\") to pick one of %s")
                  .formatted(beanName, groups),
              null);
        }
        result.add(listener);
      }
    }
    if (result.isEmpty()) {
      log.warn(
          "Baton partition group '{}' has no PartitionListener bean: it takes partitions that"
              + " nothing processes",
          group);
    }
    return new CompositePartitionListener(result);
  }

  @Override
  public void assigned(PartitionOwnership lease) {
    RuntimeException first = null;
    for (PartitionListener l : listeners) {
      first = call(first, () -> l.assigned(lease));
    }
    rethrow(first);
  }

  @Override
  public void revoked(PartitionOwnership lease, RevocationReason reason) {
    RuntimeException first = null;
    for (int i = listeners.size() - 1; i >= 0; i--) {
      PartitionListener l = listeners.get(i);
      first = call(first, () -> l.revoked(lease, reason));
    }
    rethrow(first);
  }

  private static @Nullable RuntimeException call(
      @Nullable RuntimeException first, Runnable callback) {
    try {
      callback.run();
      return first;
    } catch (RuntimeException e) {
      if (first == null) {
        return e;
      }
      log.warn("a further partition listener failed as well", e);
      first.addSuppressed(e);
      return first;
    }
  }

  private static void rethrow(@Nullable RuntimeException first) {
    if (first != null) {
      throw first;
    }
  }

  @Override
  public String toString() {
    return "CompositePartitionListener" + listeners;
  }
}
