// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link TcpProxy#cutAfterNextRequest(int)} cuts only once the server answered the request, so the
 * server cannot see its connection close while the request is still queued (ZooKeeper then drops
 * the request: the race that once made {@code ZkFenceLostAnswerTest} fail). A hand-driven server on
 * a plain socket decides when the answer goes out.
 */
class CutWaitsForTheAnswerTest {
  private static final int SOCKET_TIMEOUT_MS = 10_000;

  /** A frame: length, then an int {@code xid} and an int {@code second}, then 8 filler bytes. */
  private static void send(Socket socket, int xid, int second) throws IOException {
    DataOutputStream out = new DataOutputStream(socket.getOutputStream());
    out.write(ByteBuffer.allocate(4 + 16).putInt(16).putInt(xid).putInt(second).array());
    out.flush();
  }

  /** Reads one frame and returns its first int (the xid, past the connect frame). */
  private static int receive(Socket socket) throws IOException {
    DataInputStream in = new DataInputStream(socket.getInputStream());
    byte[] body = new byte[in.readInt()];
    in.readFully(body);
    return ByteBuffer.wrap(body).getInt();
  }

  private ServerSocket listener;
  private TcpProxy proxy;
  private Socket client;
  private Socket server;

  /** A client connected through the proxy to the hand-driven server; connect frames exchanged. */
  @BeforeEach
  void connect() throws IOException {
    listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    listener.setSoTimeout(SOCKET_TIMEOUT_MS);
    proxy = TcpProxy.start("127.0.0.1", listener.getLocalPort());
    client = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
    client.setSoTimeout(SOCKET_TIMEOUT_MS);
    server = listener.accept();
    server.setSoTimeout(SOCKET_TIMEOUT_MS);
    send(client, 0, 0); // the connect request
    assertThat(receive(server)).isZero();
    send(server, 0, 0); // the connect response
    assertThat(receive(client)).isZero();
  }

  @AfterEach
  void close() throws IOException {
    server.close();
    client.close();
    proxy.close();
    listener.close();
  }

  @Test
  void theCutComesAfterTheAnswerWhichNeverReachesTheClient() throws Exception {
    CompletableFuture<Void> cut = proxy.cutAfterNextRequest(ZkOpCodes.MULTI);
    send(client, 7, ZkOpCodes.MULTI);
    assertThat(receive(server)).isEqualTo(7);
    // The request is at the server, unanswered: the connection must still be there.
    assertThatThrownBy(() -> cut.get(300, TimeUnit.MILLISECONDS))
        .isInstanceOf(TimeoutException.class);
    send(server, -1, 0); // a watch event is not the answer
    assertThatThrownBy(() -> cut.get(300, TimeUnit.MILLISECONDS))
        .isInstanceOf(TimeoutException.class);

    send(server, 7, 0); // the answer
    cut.get(SOCKET_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    assertThat(server.getInputStream().read()).isEqualTo(-1);
    assertThat(client.getInputStream().read()).isEqualTo(-1); // neither frame got through
  }

  @Test
  void aServerThatClosesWithoutAnsweringEndsTheWaitAtOnce() throws Exception {
    CompletableFuture<Void> cut = proxy.cutAfterNextRequest(ZkOpCodes.MULTI);
    send(client, 3, ZkOpCodes.MULTI);
    assertThat(receive(server)).isEqualTo(3);
    server.close();
    // Well within the 5 s the cut would otherwise wait for an answer.
    cut.get(2_000, TimeUnit.MILLISECONDS);
    assertThat(client.getInputStream().read()).isEqualTo(-1);
  }
}
