// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.internal.SafeText;
import dev.baton.internal.StrictText;
import java.util.regex.Pattern;
import org.apache.curator.utils.PathUtils;
import org.jspecify.annotations.Nullable;

/**
 * Validates the connect string so a typo fails in {@link SessionConfig.Builder#build()} naming the
 * bad part, not as a connection timeout. Stricter than ZooKeeper: ports 1 to 65535 in ASCII digits,
 * host names of letters, digits and {@code - . _}, IPv6 only in brackets.
 */
final class ConnectString {
  private static final int QUOTED = 200;
  private static final int MAX_PORT = 65535;
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._-]+");

  private ConnectString() {}

  /** Checks {@code connectString}; an IllegalArgumentException names its bad part. */
  static void check(String connectString) {
    if (connectString.isBlank()) {
      throw new IllegalArgumentException("connectString must not be empty");
    }
    int slash = connectString.indexOf('/');
    String servers = slash < 0 ? connectString : connectString.substring(0, slash);
    if (slash >= 0 && connectString.length() - slash > 1) {
      String chroot = connectString.substring(slash);
      try {
        PathUtils.validatePath(chroot);
      } catch (IllegalArgumentException e) {
        throw invalid(connectString, "chroot " + quote(chroot) + ": " + e.getMessage());
      }
    }
    boolean any = false;
    for (String server : servers.split(",", -1)) {
      String trimmed = server.strip();
      if (!trimmed.isEmpty()) {
        checkServer(connectString, trimmed);
        any = true;
      }
    }
    if (!any) {
      throw invalid(connectString, "no server (expected host:port[,host:port...][/chroot])");
    }
  }

  private static void checkServer(String connectString, String server) {
    @Nullable String port;
    if (server.startsWith("[")) {
      int close = server.indexOf(']');
      if (close < 0) {
        throw invalid(connectString, "server " + quote(server) + " has '[' but no ']'");
      }
      String address = server.substring(1, close);
      if (!isIpv6(address)) {
        throw invalid(
            connectString, "server " + quote(server) + " has no IPv6 address between [ and ]");
      }
      String rest = server.substring(close + 1);
      if (!rest.isEmpty() && !rest.startsWith(":")) {
        throw invalid(connectString, "server " + quote(server) + " has no ':' after ']'");
      }
      port = rest.isEmpty() ? null : rest.substring(1);
    } else {
      int colon = server.lastIndexOf(':');
      String host = colon < 0 ? server : server.substring(0, colon);
      if (host.indexOf(':') >= 0) {
        throw invalid(
            connectString,
            "server " + quote(server) + ": an IPv6 address must be in brackets, e.g. [::1]:2181");
      }
      if (!isHostName(host)) {
        throw invalid(
            connectString,
            "host "
                + quote(host)
                + " of server "
                + quote(server)
                + " is not a host name or IPv4 address");
      }
      port = colon < 0 ? null : server.substring(colon + 1);
    }
    if (port != null && !isPort(port)) {
      throw invalid(
          connectString,
          "port "
              + quote(port)
              + " of server "
              + quote(server)
              + " is not a number from 1 to "
              + MAX_PORT);
    }
  }

  private static boolean isPort(String port) {
    if (port.length() > 5 || !StrictText.isAsciiDigits(port, 0, port.length())) {
      return false;
    }
    int value = Integer.parseInt(port);
    return value >= 1 && value <= MAX_PORT;
  }

  private static boolean isHostName(String host) {
    return HOST.matcher(host).matches();
  }

  /** Hex digits, colons and dots (an embedded IPv4), at least one colon; then maybe a zone. */
  private static boolean isIpv6(String address) {
    int percent = address.indexOf('%');
    String ip = percent < 0 ? address : address.substring(0, percent);
    String zone = percent < 0 ? "a" : address.substring(percent + 1);
    return ip.indexOf(':') >= 0
        && ip.chars()
            .allMatch(c -> (c < 0x80 && Character.digit(c, 16) >= 0) || c == ':' || c == '.')
        && isHostName(zone);
  }

  private static String quote(String text) {
    return SafeText.quoted(text, QUOTED);
  }

  private static IllegalArgumentException invalid(String connectString, String problem) {
    return new IllegalArgumentException(
        "invalid connectString " + quote(connectString) + ": " + problem);
  }
}
