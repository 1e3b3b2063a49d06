// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks Baton's rule for configuration errors across a module's public factories and builders, by
 * reflection, so that one added later is checked too: a null argument to a parameter not annotated
 * {@code @Nullable} is a {@link NullPointerException} naming it, thrown at once; a builder setter
 * given a negative number or duration does not throw, and {@code build()} then throws an {@link
 * IllegalArgumentException} naming the setting. Arguments not under test come from {@link Samples};
 * a missing sample fails its case. Needs classes compiled with {@code -parameters}.
 */
public final class ApiErrorRules {
  private ApiErrorRules() {}

  /** One check: {@link #run()} throws an {@link AssertionError} if the rule is broken. */
  public record Case(String name, Runnable check) {
    /** Runs the check. */
    public void run() {
      check.run();
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** Values for the arguments that are not under test, and fresh valid builders. */
  public static final class Samples {
    private final Map<Class<?>, Supplier<?>> values = new HashMap<>();
    private final Map<Class<?>, Supplier<?>> builders = new HashMap<>();

    /** A sample of {@code type}, used wherever a parameter has exactly that (raw) type. */
    public <T> Samples value(Class<T> type, Supplier<? extends T> sample) {
      values.put(type, sample);
      return this;
    }

    /** A fresh builder of {@code builderType} that builds: {@code () -> Config.builder("/e")}. */
    public Samples builder(Class<?> builderType, Supplier<?> fresh) {
      builders.put(builderType, fresh);
      return this;
    }

    Object valueOf(Class<?> type, String where) {
      if (type == int.class || type == Integer.class) {
        return 1;
      } else if (type == long.class || type == Long.class) {
        return 1L;
      } else if (type == boolean.class || type == Boolean.class) {
        return false;
      } else if (type == Duration.class && !values.containsKey(Duration.class)) {
        return Duration.ofSeconds(1);
      } else if (type == String.class && !values.containsKey(String.class)) {
        return "x";
      } else if (type.isArray()) {
        return Array.newInstance(type.getComponentType(), 0);
      }
      Supplier<?> s = values.get(type);
      if (s == null) {
        throw new AssertionError(
            "no sample of " + type.getName() + " for " + where + ": add one to the test's Samples");
      }
      return s.get();
    }

    Object freshBuilder(Class<?> builderType) {
      Supplier<?> s = builders.get(builderType);
      if (s == null) {
        throw new AssertionError(
            "no sample builder of "
                + builderType.getName()
                + ": add one to the test's Samples (a builder that builds)");
      }
      return s.get();
    }
  }

  /**
   * The public classes of the packages under {@code rootPackage}, read from the classes directory
   * or jar that holds {@code anchor}, leaving out packages with a segment in {@code
   * excludedSegments}.
   */
  public static List<Class<?>> publicClasses(
      Class<?> anchor, String rootPackage, Set<String> excludedSegments) {
    Path location;
    try {
      location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    if (Files.isDirectory(location)) {
      return publicClasses(location, anchor, rootPackage, excludedSegments);
    }
    // A jar: what a module that depends on the anchor's module reads once that module is packaged.
    try (FileSystem jar = FileSystems.newFileSystem(location)) {
      return publicClasses(jar.getPath("/"), anchor, rootPackage, excludedSegments);
    } catch (IOException e) {
      throw new UncheckedIOException(location + " is neither a classes directory nor a jar", e);
    }
  }

  private static List<Class<?>> publicClasses(
      Path root, Class<?> anchor, String rootPackage, Set<String> excludedSegments) {
    Path base = root.resolve(rootPackage.replace('.', '/'));
    try (Stream<Path> files = Files.walk(base)) {
      return files
          .filter(f -> f.toString().endsWith(".class"))
          .map(f -> root.relativize(f).toString())
          .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
          .filter(n -> !n.endsWith("package-info") && !n.contains("$$"))
          .filter(n -> excludedSegments.stream().noneMatch(x -> n.contains("." + x + ".")))
          .sorted()
          .map(n -> load(n, anchor.getClassLoader()))
          .filter(ApiErrorRules::isPublicApi)
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The cases of every checked member of {@code classes}. */
  public static List<Case> cases(List<Class<?>> classes, Samples samples) {
    List<Case> out = new ArrayList<>();
    for (Class<?> c : classes) {
      if (c.isAnnotation() || Throwable.class.isAssignableFrom(c)) {
        continue;
      }
      Arrays.stream(c.getDeclaredMethods())
          .filter(m -> Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers()))
          .filter(m -> !m.isSynthetic() && !m.isBridge())
          .filter(m -> !(c.isEnum() && Set.of("values", "valueOf").contains(m.getName())))
          .sorted(Comparator.comparing(Method::toString))
          .forEach(m -> nullCases(m, null, samples, false, out));
      if (!c.isRecord() && !Modifier.isAbstract(c.getModifiers())) {
        for (Constructor<?> k : c.getConstructors()) {
          nullCases(k, null, samples, false, out);
        }
      }
      if (c.getSimpleName().equals("Builder") && c.getEnclosingClass() != null) {
        builderCases(c, samples, out);
      }
    }
    return out;
  }

  private static void builderCases(Class<?> builder, Samples samples, List<Case> out) {
    Method build = null;
    for (Method m : builder.getMethods()) {
      if (m.getName().equals("build") && m.getParameterCount() == 0) {
        build = m;
      }
    }
    Method buildMethod = build;
    Arrays.stream(builder.getDeclaredMethods())
        .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
        .filter(m -> m.getReturnType() == builder && !m.isSynthetic())
        .sorted(Comparator.comparing(Method::toString))
        .forEach(
            m -> {
              nullCases(m, builder, samples, true, out);
              if (m.getParameterCount() == 1 && buildMethod != null) {
                Object invalid = negative(m.getParameterTypes()[0]);
                if (invalid != null) {
                  out.add(invalidCase(m, builder, buildMethod, invalid, samples));
                }
              }
            });
  }

  private static Object negative(Class<?> type) {
    if (type == int.class) {
      return -1;
    } else if (type == long.class) {
      return -1L;
    } else if (type == Duration.class) {
      return Duration.ofMillis(-1);
    }
    return null;
  }

  private static Case invalidCase(
      Method setter, Class<?> builder, Method build, Object invalid, Samples samples) {
    String name = describe(setter) + "(" + invalid + ") then build()";
    return new Case(
        name,
        () -> {
          Object b = samples.freshBuilder(builder);
          try {
            setter.invoke(b, invalid);
          } catch (InvocationTargetException e) {
            String rule = "the rule: a setter stores the value, build() validates it";
            throw new AssertionError(
                name + ": the setter threw " + e.getCause() + "; " + rule, e.getCause());
          } catch (IllegalAccessException e) {
            throw new AssertionError(e);
          }
          Throwable thrown = invoke(build, b);
          if (!(thrown instanceof IllegalArgumentException)
              || thrown.getMessage() == null
              || !thrown.getMessage().contains(setter.getName())) {
            String expected = "an IllegalArgumentException naming " + setter.getName();
            throw new AssertionError(name + ": expected " + expected + ", got " + thrown, thrown);
          }
        });
  }

  private static void nullCases(
      Executable e, Class<?> builder, Samples samples, boolean nameIsMethod, List<Case> out) {
    Parameter[] params = e.getParameters();
    for (int i = 0; i < params.length; i++) {
      Parameter p = params[i];
      if (p.getType().isPrimitive() || isNullable(p)) {
        continue;
      }
      if (!nameIsMethod && !p.isNamePresent()) {
        int at = i;
        out.add(
            new Case(
                describe(e) + " #" + at,
                () -> {
                  throw new AssertionError(
                      describe(e) + ": no parameter names; compile with -parameters");
                }));
        continue;
      }
      String expected = nameIsMethod ? e.getName() : p.getName();
      int at = i;
      String name = describe(e) + " with a null " + (nameIsMethod ? expected : p.getName());
      out.add(new Case(name, () -> checkNull(e, builder, samples, at, expected, name)));
    }
  }

  private static void checkNull(
      Executable e, Class<?> builder, Samples samples, int at, String expected, String name) {
    Parameter[] params = e.getParameters();
    Object[] args = new Object[params.length];
    for (int j = 0; j < params.length; j++) {
      args[j] = j == at ? null : samples.valueOf(params[j].getType(), describe(e));
    }
    Throwable thrown = invoke(e, builder == null ? null : samples.freshBuilder(builder), args);
    if (!(thrown instanceof NullPointerException) || !names(thrown.getMessage(), expected)) {
      String got = thrown == null ? "no exception" : thrown.toString();
      throw new AssertionError(
          name + ": expected a NullPointerException naming '" + expected + "', got " + got, thrown);
    }
  }

  /**
   * True if {@code message} names {@code expected} as {@code requireNonNull(x, "name")} does; a JDK
   * helpful message ("Cannot invoke ... because ...") does not count: that null was not checked.
   */
  private static boolean names(String message, String expected) {
    return message != null && (message.equals(expected) || message.startsWith(expected + " "));
  }

  /** What {@code e} threw, null if nothing. */
  private static Throwable invoke(Executable e, Object target, Object... args) {
    try {
      if (e instanceof Method m) {
        m.invoke(target, args);
      } else {
        ((Constructor<?>) e).newInstance(args);
      }
      return null;
    } catch (InvocationTargetException x) {
      return x.getCause();
    } catch (ReflectiveOperationException x) {
      throw new AssertionError(x);
    }
  }

  private static boolean isNullable(Parameter p) {
    AnnotatedType t = p.getAnnotatedType();
    return Stream.concat(Arrays.stream(t.getAnnotations()), Arrays.stream(p.getAnnotations()))
        .anyMatch(a -> a.annotationType().getSimpleName().equals("Nullable"));
  }

  private static String describe(Executable e) {
    String owner = e.getDeclaringClass().getName();
    owner = owner.substring(owner.lastIndexOf('.') + 1).replace('$', '.');
    String params =
        Arrays.stream(e.getParameterTypes())
            .map(Class::getSimpleName)
            .collect(Collectors.joining(", "));
    return owner + (e instanceof Constructor ? "" : "." + e.getName()) + "(" + params + ")";
  }

  private static Class<?> load(String name, ClassLoader loader) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  private static boolean isPublicApi(Class<?> c) {
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass()) {
        return false;
      }
      if (k != c && !Modifier.isStatic(c.getModifiers())) {
        return false;
      }
    }
    return true;
  }
}
