// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The page's files, read once from the classpath ({@code web/}) and served from memory: a fixed
 * list, so no request path reaches the class loader.
 */
final class StaticAssets {
  /** One file: its bytes and its {@code Content-Type}. */
  record Asset(byte[] bytes, String contentType) {}

  private static final String HTML = "text/html; charset=utf-8";
  private static final String JS = "text/javascript; charset=utf-8";
  private static final String CSS = "text/css; charset=utf-8";
  private static final String SVG = "image/svg+xml";

  private final Map<String, Asset> byPath;

  private StaticAssets(Map<String, Asset> byPath) {
    this.byPath = byPath;
  }

  /** Loads every file of the page; a missing one is an {@link IllegalStateException}. */
  static StaticAssets load() {
    Map<String, Asset> assets = new LinkedHashMap<>();
    Asset index = read("index.html", HTML);
    assets.put("/", index);
    assets.put("/index.html", index);
    assets.put("/app.js", read("app.js", JS));
    assets.put("/timeline.js", read("timeline.js", JS));
    assets.put("/style.css", read("style.css", CSS));
    assets.put("/favicon.svg", read("favicon.svg", SVG));
    return new StaticAssets(Map.copyOf(assets));
  }

  /** The file served at {@code path}, or {@code null}. */
  Asset get(String path) {
    return byPath.get(path);
  }

  private static Asset read(String name, String contentType) {
    String resource = "web/" + name;
    try (InputStream in = StaticAssets.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("the dashboard's " + resource + " is not on the classpath");
      }
      return new Asset(in.readAllBytes(), contentType);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }
}
