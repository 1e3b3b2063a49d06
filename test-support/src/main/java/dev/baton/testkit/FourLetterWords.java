// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** ZooKeeper's four-letter words over a plain socket, to look at a server from the outside. */
public final class FourLetterWords {
  private static final int TIMEOUT_MS = 5000;

  private FourLetterWords() {}

  /**
   * Sends {@code word} and returns the whole answer.
   *
   * @throws UncheckedIOException if the server cannot be reached or does not answer within 5 s
   */
  public static String send(String host, int port, String word) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), TIMEOUT_MS);
      socket.setSoTimeout(TIMEOUT_MS);
      socket.getOutputStream().write(word.getBytes(StandardCharsets.US_ASCII)); // unbuffered
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("four-letter word " + word + " to " + host + ":" + port, e);
    }
  }

  /** The {@code srvr} answer (its {@code Mode:} line gives the role). */
  public static String srvr(String host, int port) {
    return send(host, port, "srvr");
  }

  /** The server's role ({@code Mode:} of {@code srvr}); empty if it does not answer with one. */
  public static Optional<String> mode(String host, int port) {
    try {
      return srvr(host, port)
          .lines()
          .filter(l -> l.startsWith("Mode:"))
          .map(l -> l.substring("Mode:".length()).trim())
          .findFirst();
    } catch (UncheckedIOException e) {
      return Optional.empty(); // not listening yet, gone, or not answering
    }
  }

  /** The {@code mntr} answer as key/value pairs, in the server's order. */
  public static Map<String, String> mntr(String host, int port) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : send(host, port, "mntr").split("\n")) {
      int tab = line.indexOf('\t');
      if (tab > 0) {
        values.put(line.substring(0, tab).trim(), line.substring(tab + 1).trim());
      }
    }
    if (values.isEmpty()) {
      throw new IllegalStateException(
          "mntr answered nothing at " + host + ":" + port + "; is 4lw.commands.whitelist set?");
    }
    return values;
  }

  /** The server's {@code zk_packets_received}; each four-letter word, this one too, counts one. */
  public static long packetsReceived(String host, int port) {
    String value = mntr(host, port).get("zk_packets_received");
    if (value == null) {
      throw new IllegalStateException(
          "mntr at " + host + ":" + port + " has no zk_packets_received");
    }
    return Long.parseLong(value);
  }
}
