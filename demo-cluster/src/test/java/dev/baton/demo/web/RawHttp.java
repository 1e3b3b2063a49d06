// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One HTTP/1.1 request over a plain socket (to the loopback address unless told), with any {@code
 * Host} header: what a browser sends after DNS rebinding, which {@link java.net.http.HttpClient}
 * cannot (it sets {@code Host} itself).
 */
public final class RawHttp {
  private RawHttp() {}

  /** The answer: its status code and its body. */
  public record Answer(int status, String body) {}

  /** Sends {@code method path} with {@code host} as the Host header and the other headers given. */
  public static Answer send(
      int port, String method, String path, String host, Map<String, String> headers)
      throws IOException {
    return send(InetAddress.getLoopbackAddress(), port, method, path, host, headers);
  }

  /** {@link #send(int, String, String, String, Map)} to {@code address}. */
  public static Answer send(
      InetAddress address,
      int port,
      String method,
      String path,
      String host,
      Map<String, String> headers)
      throws IOException {
    StringBuilder request = new StringBuilder();
    request.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    request.append("Host: ").append(host).append("\r\n");
    headers.forEach(
        (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
    if (method.equals("POST")) {
      request.append("Content-Length: 0\r\n");
    }
    request.append("Connection: close\r\n\r\n");
    try (Socket socket = new Socket(address, port)) {
      OutputStream out = socket.getOutputStream();
      out.write(request.toString().getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int lineEnd = response.indexOf("\r\n");
      String[] statusLine =
          response.substring(0, lineEnd < 0 ? response.length() : lineEnd).split(" ");
      int headersEnd = response.indexOf("\r\n\r\n");
      return new Answer(
          Integer.parseInt(statusLine[1]),
          headersEnd < 0 ? "" : response.substring(headersEnd + 4));
    }
  }

  /** A GET with only the Host header. */
  public static Answer get(int port, String path, String host) throws IOException {
    return send(port, "GET", path, host, Map.of());
  }

  /** A fault POST from the page of {@code host}: its Origin is {@code http://<host>}. */
  public static Answer postFault(int port, String kind, String host) throws IOException {
    return send(port, "POST", "/api/faults/" + kind, host, Map.of("Origin", "http://" + host));
  }
}
