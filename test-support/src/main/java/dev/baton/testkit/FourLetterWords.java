package dev.baton.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** ZooKeeper's four-letter words over a plain socket (the fixtures whitelist them). */
public final class FourLetterWords {
  private FourLetterWords() {}

  /** Sends {@code word} and returns the whole answer. */
  public static String send(String host, int port, String word) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), 5000);
      socket.setSoTimeout(5000);
      OutputStream out = socket.getOutputStream();
      out.write(word.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      in.transferTo(answer);
      return answer.toString(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("four-letter word " + word + " to " + host + ":" + port, e);
    }
  }

  public static String srvr(String host, int port) {
    return send(host, port, "srvr");
  }

  /** The {@code mntr} answer as key/value pairs. */
  public static Map<String, String> mntr(String host, int port) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : send(host, port, "mntr").split("\n")) {
      int tab = line.indexOf('\t');
      if (tab > 0) {
        values.put(line.substring(0, tab).trim(), line.substring(tab + 1).trim());
      }
    }
    if (values.isEmpty()) {
      throw new IllegalStateException("mntr answered nothing at " + host + ":" + port
          + "; is 4lw.commands.whitelist set?");
    }
    return values;
  }

  /** The server's count of packets received ({@code zk_packets_received}). */
  public static long packetsReceived(String host, int port) {
    return Long.parseLong(mntr(host, port).get("zk_packets_received"));
  }
}
