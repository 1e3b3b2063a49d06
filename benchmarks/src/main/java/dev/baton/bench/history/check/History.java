// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.history.check;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * One exported trial history: the top-level fields but {@code history} and {@code fence_log}, the
 * operations in index order and the store's accepted writes in seq order.
 */
public record History(Map<String, Object> meta, List<Op> ops, List<StoreWrite> fenceLog) {
  /** The format name every file must carry in its {@code format} field. */
  public static final String FORMAT = "baton-chaos-history";

  /** The format version this reader understands. */
  public static final long VERSION = 1;

  /** Strict JSON: integers as {@link Long}, no duplicate keys, nothing after the value. */
  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .build();

  public History {
    meta = Map.copyOf(meta);
    ops = List.copyOf(ops);
    fenceLog = List.copyOf(fenceLog);
  }

  /**
   * One operation, an invocation or its completion (see the format in docs/testing.md): its index,
   * process ({@code nemesis} for a fault), time (ns since the trial began, an upper bound), type
   * (invoke, ok, fail, info), {@code f} (write, elected, revoked, locked, unlocked, assigned,
   * released, fault), resource, token and value, the last three null where absent.
   */
  public record Op(
      long index,
      String process,
      long time,
      String type,
      String f,
      String resource,
      Long token,
      String value) {
    /** This operation at {@code newIndex}. */
    public Op withIndex(long newIndex) {
      return new Op(newIndex, process, time, type, f, resource, token, value);
    }
  }

  /** One write the store accepted: its position in the store's log, resource, writer and token. */
  public record StoreWrite(long seq, String resource, String writer, long token) {}

  /**
   * Reads {@code .json} or {@code .json.gz}; {@link IllegalArgumentException} if not of this
   * format.
   */
  public static History read(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      InputStream s = file.toString().endsWith(".gz") ? new GZIPInputStream(in) : in;
      return parse(new String(s.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the history " + file, e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /** Parses a history; {@link IllegalArgumentException} if not of this format. */
  public static History parse(String json) {
    Object parsed;
    try {
      parsed = JSON.readValue(json, Object.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
    }
    if (!(parsed instanceof Map<?, ?> root)) {
      throw new IllegalArgumentException("a history is a JSON object");
    }
    Fields top = new Fields("history", root);
    if (!FORMAT.equals(top.string("format")) || top.number("version") != VERSION) {
      throw new IllegalArgumentException(
          "not a " + FORMAT + " version " + VERSION + " file: " + root.get("format"));
    }
    List<Op> ops = new ArrayList<>();
    for (Object o : top.list("history")) {
      Fields f = new Fields("operation", o);
      ops.add(
          new Op(
              f.number("index"),
              f.string("process"),
              f.number("time"),
              f.string("type"),
              f.string("f"),
              f.optionalString("resource"),
              f.optionalNumber("token"),
              f.optionalString("value")));
    }
    List<StoreWrite> log = new ArrayList<>();
    for (Object o : top.list("fence_log")) {
      Fields f = new Fields("fence log entry", o);
      log.add(
          new StoreWrite(
              f.number("seq"), f.string("resource"), f.string("writer"), f.number("token")));
    }
    Map<String, Object> meta = new LinkedHashMap<>();
    root.forEach(
        (k, v) -> {
          if (!k.equals("history") && !k.equals("fence_log") && v != null) {
            meta.put((String) k, v);
          }
        });
    return new History(meta, ops, log);
  }

  /** Typed access to the fields of one JSON object, with messages naming what is wrong. */
  private record Fields(String what, Map<?, ?> map) {
    Fields(String what, Object value) {
      this(what, asMap(what, value));
    }

    private static Map<?, ?> asMap(String what, Object value) {
      if (value instanceof Map<?, ?> m) {
        return m;
      }
      throw new IllegalArgumentException("a " + what + " is a JSON object: " + value);
    }

    String string(String key) {
      return required(key, optionalString(key));
    }

    String optionalString(String key) {
      return optional(key, String.class, "a string");
    }

    long number(String key) {
      return required(key, optionalNumber(key));
    }

    Long optionalNumber(String key) {
      return optional(key, Long.class, "an integer");
    }

    private <T> T required(String key, T value) {
      if (value == null) {
        throw new IllegalArgumentException("a " + what + " needs '" + key + "': " + map);
      }
      return value;
    }

    private <T> T optional(String key, Class<T> type, String kind) {
      Object v = map.get(key);
      if (v == null || type.isInstance(v)) {
        return type.cast(v);
      }
      throw new IllegalArgumentException(what + " '" + key + "' is not " + kind + ": " + map);
    }

    List<?> list(String key) {
      if (map.get(key) instanceof List<?> l) {
        return l;
      }
      throw new IllegalArgumentException("a " + what + " needs the array '" + key + "'");
    }
  }
}
