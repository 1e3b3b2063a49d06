// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import dev.baton.spring.election.ElectionTerms;
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
 * Applies {@link Fenced} to the beans that declare it: a bean post-processor that adds the fence's
 * advice after the bean's other advice, so it runs inside the method's {@code @Transactional}
 * advice (whose proxy the auto-proxy creator, running earlier, has made), or wraps the bean in a
 * proxy of its own.
 *
 * <p>It fails the application's start when a bean declares {@link Fenced} and there is no {@link
 * TransactionalFence} bean (no single {@code DataSource}), on private or final methods, on invalid
 * resource names and on unknown election names.
 */
public class FencedPostProcessor extends AbstractBeanFactoryAwareAdvisingPostProcessor
    implements SmartInitializingSingleton {
  /** The post-processor's order: after the auto-proxy creators, before {@code @Scheduled}'s. */
  public static final int ORDER = Ordered.LOWEST_PRECEDENCE - 100;

  private final Map<Class<?>, List<FencedMethod>> scanned = new ConcurrentHashMap<>();
  private final Map<String, String> elections = new ConcurrentHashMap<>();
  private UnaryOperator<String> resolver = UnaryOperator.identity();

  /** A post-processor whose advice goes last; the bean factory completes it. */
  public FencedPostProcessor() {
    setBeforeExistingAdvisors(false);
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
            new AnnotationMatchingPointcut(null, Fenced.class, true),
            new FencedInterceptor(
                beanFactory.getBeanProvider(TransactionalFence.class),
                beanFactory.getBeanProvider(ElectionTerms.class),
                resolver));
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (!(bean instanceof AopInfrastructureBean)) {
      Class<?> type = ClassUtils.getUserClass(AopUtils.getTargetClass(bean));
      List<FencedMethod> found = scanned.computeIfAbsent(type, this::scan);
      if (!found.isEmpty()) {
        requireFence(beanName, found.get(0));
        found.stream()
            .filter(m -> !m.election().isEmpty())
            .forEach(m -> elections.putIfAbsent(m.election(), m.display()));
      }
    }
    return super.postProcessAfterInitialization(bean, beanName);
  }

  private List<FencedMethod> scan(Class<?> type) {
    if (!AnnotationUtils.isCandidateClass(type, Fenced.class)) {
      return List.of();
    }
    List<FencedMethod> found = new ArrayList<>();
    for (var method :
        ReflectionUtils.getUniqueDeclaredMethods(type, ReflectionUtils.USER_DECLARED_METHODS)) {
      FencedMethod.inspect(method, resolver).ifPresent(found::add);
    }
    return List.copyOf(found);
  }

  private void requireFence(String beanName, FencedMethod example) {
    if (beanFactory != null
        && beanFactory.getBeanNamesForType(TransactionalFence.class, true, false).length == 0) {
      throw new IllegalStateException(
          "bean '"
              + beanName
              + "' has @Fenced methods ("
              + example.display()
              + ") but there is no TransactionalFence: it needs a single DataSource bean and"
              + " spring-jdbc (or define a TransactionalFence bean)");
    }
  }

  /**
   * Checks that every election named by a {@link Fenced} exists.
   *
   * @throws IllegalStateException listing the unknown names and the known ones
   */
  @Override
  public void afterSingletonsInstantiated() {
    if (elections.isEmpty() || beanFactory == null) {
      return;
    }
    ElectionTerms terms = beanFactory.getBeanProvider(ElectionTerms.class).getIfAvailable();
    Set<String> known = terms == null ? Set.of() : terms.names();
    Map<String, String> unknown = new TreeMap<>(elections);
    unknown.keySet().removeAll(known);
    if (!unknown.isEmpty()) {
      throw new IllegalStateException(
          "@Fenced names elections this application does not take part in: "
              + unknown.entrySet().stream()
                  .map(e -> "'" + e.getKey() + "' (on " + e.getValue() + ")")
                  .collect(Collectors.joining(", "))
              + "; the elections are "
              + new TreeSet<>(known)
              + " (configure baton.election.<name>.path)");
    }
  }
}
