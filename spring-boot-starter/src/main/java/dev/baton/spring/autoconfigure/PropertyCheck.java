// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.util.StringUtils;

/**
 * Runs a library builder, turning its {@link IllegalArgumentException} or {@link
 * NullPointerException} into a {@link BatonPropertyException} naming the {@code baton.*} property.
 */
final class PropertyCheck {
  private static final String HIDDEN = "******";

  private record Field(String libraryName, String property, @Nullable Object value) {}

  private final String prefix;
  private final List<Field> fields = new ArrayList<>();
  private final List<Runnable> settings = new ArrayList<>();

  private PropertyCheck(String prefix) {
    this.prefix = prefix;
  }

  static PropertyCheck of(String prefix) {
    return new PropertyCheck(prefix);
  }

  /** Maps the library's field {@code libraryName} to {@code prefix.suffix}; specific ones first. */
  PropertyCheck field(String libraryName, String suffix, @Nullable Object value) {
    fields.add(new Field(libraryName, name(suffix), value));
    return this;
  }

  /** {@link #field} for the camel-cased property, handing a non-null value to {@code setter}. */
  <V> PropertyCheck set(String suffix, @Nullable V value, Consumer<? super V> setter) {
    settings.add(() -> PropertyMapper.get().from(value).to(setter));
    StringBuilder camel = new StringBuilder();
    for (String part : suffix.split("-")) {
      camel.append(camel.length() == 0 ? part : StringUtils.capitalize(part));
    }
    return field(camel.toString(), suffix, value);
  }

  /** As {@link #field}, for a secret whose value is never shown. */
  PropertyCheck secret(String libraryName, String suffix, @Nullable Object value) {
    fields.add(new Field(libraryName, name(suffix), value == null ? null : HIDDEN));
    return this;
  }

  /** Applies the settings and runs {@code build}, translating the library's errors. */
  <T> T run(Supplier<T> build) {
    try {
      settings.forEach(Runnable::run);
      return build.get();
    } catch (IllegalArgumentException | NullPointerException e) {
      throw translate(e);
    }
  }

  /**
   * Blames the field the message starts with, else one it names as "invalid X" or "the X", else any
   * it mentions (a value quoted in the message could mention a field's name, hence the order).
   */
  BatonPropertyException translate(RuntimeException e) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    for (int pass = 0; pass < 3; pass++) {
      for (Field f : fields) {
        String n = f.libraryName();
        boolean match =
            switch (pass) {
              case 0 -> message.startsWith(n);
              case 1 -> message.contains("invalid " + n) || message.contains("the " + n);
              default -> message.contains(n);
            };
        if (match) {
          return new BatonPropertyException(f.property(), f.value(), message, e);
        }
      }
    }
    return new BatonPropertyException(prefix, null, message, e);
  }

  String name(String suffix) {
    return prefix + "." + suffix;
  }

  /** Runs {@code step}; the library's refusal of a value becomes one naming {@code property}. */
  static <T> T blame(String property, @Nullable Object value, Supplier<T> step) {
    try {
      return step.get();
    } catch (IllegalArgumentException e) {
      throw new BatonPropertyException(property, value, String.valueOf(e.getMessage()), e);
    }
  }

  /** The required value of {@code prefix.suffix}, else a failure naming it and what is needed. */
  String required(String suffix, @Nullable String value, String need) {
    if (value == null || value.isBlank()) {
      throw new BatonPropertyException(name(suffix), value, need, null);
    }
    return value;
  }

  /** A duration as a property's value is written: 30s, 1500ms. */
  static String text(Duration d) {
    long millis = d.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }
}
