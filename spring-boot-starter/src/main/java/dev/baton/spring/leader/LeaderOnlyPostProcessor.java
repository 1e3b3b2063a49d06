// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.spring.election.ElectionTerms;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.springframework.aop.framework.AopInfrastructureBean;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.AopUtils;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.annotation.AnnotationMatchingPointcut;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Applies {@link LeaderOnly} to the beans that declare it: a bean post-processor that adds the
 * leader-only advice in front of the bean's other advice (so a skipped call opens no transaction),
 * or wraps the bean in a proxy of its own. It needs no auto-proxy creator and no AspectJ weaver.
 *
 * <p>It checks every bean's declarations as the bean is created (primitive return types, {@link
 * LeaderTerm} parameters, private or final methods, a missing {@link ElectionTerms} bean) and, once
 * all singletons exist, that every election a {@link LeaderOnly} names is one of {@link
 * ElectionTerms#names()}; a problem fails the application's start with a message naming the method.
 * It runs before {@code @Scheduled} processing ({@link #ORDER}), so scheduled tasks call the proxy.
 */
public class LeaderOnlyPostProcessor extends AbstractBeanFactoryAwareAdvisingPostProcessor
    implements SmartInitializingSingleton {
  /** The post-processor's order: before the default (lowest) order of {@code @Scheduled}'s. */
  public static final int ORDER = Ordered.LOWEST_PRECEDENCE - 100;

  private final Map<Class<?>, List<LeaderOnlyMethod>> scanned = new ConcurrentHashMap<>();
  private final Map<String, String> elections = new ConcurrentHashMap<>();
  private UnaryOperator<String> resolver = UnaryOperator.identity();

  /** A post-processor whose advice goes first; the bean factory completes it. */
  public LeaderOnlyPostProcessor() {
    setBeforeExistingAdvisors(true);
    setOrder(ORDER);
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    super.setBeanFactory(beanFactory);
    if (beanFactory instanceof ConfigurableBeanFactory configurable) {
      resolver = configurable::resolveEmbeddedValue;
    }
    this.advisor =
        new DefaultPointcutAdvisor(
            new AnnotationMatchingPointcut(null, LeaderOnly.class, true),
            new LeaderOnlyInterceptor(
                beanFactory.getBeanProvider(ElectionTerms.class),
                beanFactory.getBeanProvider(MeterRegistry.class),
                resolver));
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (!(bean instanceof AopInfrastructureBean)) {
      Class<?> type = ClassUtils.getUserClass(AopUtils.getTargetClass(bean));
      List<LeaderOnlyMethod> found = scanned.computeIfAbsent(type, this::scan);
      if (!found.isEmpty()) {
        requireElectionTerms(beanName, found);
        found.forEach(m -> elections.putIfAbsent(m.election(), m.display()));
      }
    }
    return super.postProcessAfterInitialization(bean, beanName);
  }

  private List<LeaderOnlyMethod> scan(Class<?> type) {
    if (!AnnotationUtils.isCandidateClass(type, Set.of(LeaderOnly.class, LeaderTerm.class))) {
      return List.of();
    }
    List<LeaderOnlyMethod> found = new ArrayList<>();
    for (var method :
        ReflectionUtils.getUniqueDeclaredMethods(type, ReflectionUtils.USER_DECLARED_METHODS)) {
      LeaderOnlyMethod.inspect(method, resolver).ifPresent(found::add);
    }
    return List.copyOf(found);
  }

  private void requireElectionTerms(String beanName, List<LeaderOnlyMethod> found) {
    if (beanFactory != null
        && beanFactory.getBeanNamesForType(ElectionTerms.class, true, false).length == 0) {
      throw new IllegalStateException(
          "bean '"
              + beanName
              + "' has @LeaderOnly methods ("
              + found.get(0).display()
              + ") but the application has no elections: configure baton.election."
              + found.get(0).election()
              + ".path (or define an ElectionTerms bean)");
    }
  }

  /**
   * Checks that every election named by a {@link LeaderOnly} exists.
   *
   * @throws IllegalStateException listing the unknown names, where they are used, and the known
   *     ones
   */
  @Override
  public void afterSingletonsInstantiated() {
    if (elections.isEmpty() || beanFactory == null) {
      return;
    }
    ElectionTerms terms = beanFactory.getBeanProvider(ElectionTerms.class).getIfAvailable();
    if (terms == null) {
      return; // reported per bean already; a lazy bean reports at its first call
    }
    Set<String> known = terms.names();
    Map<String, String> unknown = new TreeMap<>(elections);
    unknown.keySet().removeAll(known);
    if (!unknown.isEmpty()) {
      throw new IllegalStateException(
          "@LeaderOnly names elections this application does not take part in: "
              + unknown.entrySet().stream()
                  .map(e -> "'" + e.getKey() + "' (on " + e.getValue() + ")")
                  .collect(Collectors.joining(", "))
              + "; the elections are "
              + new TreeSet<>(known)
              + " (configure baton.election.<name>.path)");
    }
  }
}
