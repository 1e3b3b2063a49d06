// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code Host} headers the dashboard answers to: refusing every other name stops DNS rebinding,
 * on loopback as on {@code 0.0.0.0}. Always allowed: {@code localhost}, {@code 127.0.0.1}, {@code
 * [::1]} and a specific bound address, with the dashboard's port; added with {@code
 * --allowed-hosts}: {@code name} (any port) or {@code name:port}. No port in {@code Host} means 80.
 */
public final class AllowedHosts {
  /** The launcher's option that adds names; error messages point to it. */
  public static final String OPTION = "--allowed-hosts";

  private static final Pattern ENTRY =
      Pattern.compile("(\\[[0-9a-f:.]+\\]|[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?)(?::(\\d{1,5}))?");
  private static final int HTTP_PORT = 80;

  private final Set<String> exact;
  private final Set<String> anyPort;

  private AllowedHosts(Set<String> exact, Set<String> anyPort) {
    this.exact = Set.copyOf(exact);
    this.anyPort = Set.copyOf(anyPort);
  }

  /**
   * The list for a dashboard bound to {@code bound} (its real port), plus {@code entries}.
   *
   * @throws IllegalArgumentException naming an entry that is not {@code name[:port]}
   */
  public static AllowedHosts of(InetSocketAddress bound, List<String> entries) {
    int port = bound.getPort();
    Set<String> exact = new LinkedHashSet<>();
    for (String name : List.of("localhost", "127.0.0.1", "[::1]")) {
      exact.add(name(name) + ":" + port);
    }
    InetAddress ip = bound.getAddress();
    if (ip != null && !ip.isAnyLocalAddress()) {
      exact.add(literal(ip) + ":" + port);
    }
    Set<String> anyPort = new LinkedHashSet<>();
    for (String entry : entries) {
      Matcher m = parse(entry);
      String name = name(m.group(1));
      if (m.group(3) == null) {
        anyPort.add(name);
      } else {
        exact.add(name + ":" + Integer.parseInt(m.group(3)));
      }
    }
    return new AllowedHosts(exact, anyPort);
  }

  /**
   * Checks one {@code --allowed-hosts} entry: {@code name}, {@code name:port}, {@code [ipv6]} or
   * {@code [ipv6]:port}, port 1 to 65535.
   *
   * @throws IllegalArgumentException otherwise
   */
  public static void check(String entry) {
    parse(entry);
  }

  private static Matcher parse(String entry) {
    Matcher m = ENTRY.matcher(entry.strip().toLowerCase(Locale.ROOT));
    if (!m.matches()
        || (m.group(3) != null && !validPort(m.group(3)))
        || name(m.group(1)).isEmpty()) {
      throw new IllegalArgumentException(
          OPTION + " takes name[:port] entries separated by commas, got '" + entry + "'");
    }
    return m;
  }

  /** Whether a request with this {@code Host} header (null when it has none) is answered. */
  public boolean allows(String host) {
    if (host == null) {
      return false;
    }
    Matcher m = ENTRY.matcher(host.strip().toLowerCase(Locale.ROOT));
    if (!m.matches() || (m.group(3) != null && !validPort(m.group(3)))) {
      return false;
    }
    String name = name(m.group(1));
    int port = m.group(3) == null ? HTTP_PORT : Integer.parseInt(m.group(3));
    return !name.isEmpty() && (anyPort.contains(name) || exact.contains(name + ":" + port));
  }

  /** The allowed hosts for an error message: {@code name:port} entries, then {@code name:*}. */
  public String describe() {
    List<String> out = new ArrayList<>(exact);
    anyPort.forEach(name -> out.add(name + ":*"));
    return String.join(", ", out);
  }

  /** A host name as it is, an IPv6 literal in one spelling; empty for a malformed one. */
  private static String name(String host) {
    if (!host.startsWith("[")) {
      return host;
    }
    try {
      // A bracketed literal: parsed, never looked up.
      return literal(InetAddress.getByName(host));
    } catch (UnknownHostException e) {
      return "";
    }
  }

  private static boolean validPort(String digits) {
    int port = Integer.parseInt(digits);
    return port >= 1 && port <= 65535;
  }

  /** The address as it appears in a URL's host: IPv6 in brackets, without a scope. */
  static String literal(InetAddress ip) {
    String text = ip.getHostAddress();
    if (ip instanceof Inet6Address) {
      int scope = text.indexOf('%');
      return "[" + (scope < 0 ? text : text.substring(0, scope)) + "]";
    }
    return text;
  }
}
