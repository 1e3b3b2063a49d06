// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A model of one ZooKeeper server and its clients' sessions, in plain Java with no threads and no
 * time of its own: every request is applied atomically when called, and every notification waits in
 * its session's FIFO queue (like the client's event thread) until the caller (a {@link Simulation})
 * delivers it; between sessions there is no order. Modelled as ZooKeeper does it: zxids ({@code
 * czxid}, {@code mzxid}, {@code pzxid}); sequential names from the parent's signed 32-bit {@code
 * cversion} ({@code %010d}, wrapping to {@code -2147483648}; {@link #setCversion}); ephemerals,
 * deleted when their session ends; one-shot data and child watches ({@code exists} on a missing
 * node sets one, {@code getData} and {@code getChildren} do not; one event per path and change); a
 * session's link ({@link #disconnect}, {@link #reconnect}: events held while it is down arrive
 * after {@code SYNC_CONNECTED}, or {@code EXPIRED} if the session ended); server-side {@link
 * #expire} at any moment; and connection loss on a request ({@link Fault}) before it reaches the
 * server or after it took effect (then a read's watch is not set).
 *
 * <p>Not modelled: ACLs, quotas, containers, TTLs, persistent watches, {@code multi}, {@code sync},
 * an ensemble, session timeouts by themselves, and the order between answers and notifications.
 * {@link #getChildren} returns sorted names, where ZooKeeper gives no order.
 */
public final class SimZooKeeper {
  /** The result of a request, like ZooKeeper's {@code KeeperException.Code}. */
  public enum Code {
    OK,
    NONODE,
    NODEEXISTS,
    NOTEMPTY,
    NOCHILDRENFOREPHEMERALS,
    BADVERSION,
    BADARGUMENTS,
    CONNECTIONLOSS,
    SESSIONEXPIRED
  }

  /** How a znode is created. */
  public enum Mode {
    PERSISTENT(false, false),
    PERSISTENT_SEQUENTIAL(false, true),
    EPHEMERAL(true, false),
    EPHEMERAL_SEQUENTIAL(true, true);

    private final boolean ephemeral;
    private final boolean sequential;

    Mode(boolean ephemeral, boolean sequential) {
      this.ephemeral = ephemeral;
      this.sequential = sequential;
    }

    public boolean isEphemeral() {
      return ephemeral;
    }

    public boolean isSequential() {
      return sequential;
    }
  }

  /** A connection loss injected into one request. */
  public enum Fault {
    /** No fault: the request is applied and answered. */
    NONE,
    /** The link breaks before the request reaches the server: nothing happens. */
    LOSS_BEFORE,
    /** The server applies the request, then the link breaks before the answer arrives. */
    LOSS_AFTER
  }

  /** What a session's client hears: a watch event (with a path) or a change of its link. */
  public enum EventType {
    NODE_CREATED,
    NODE_DELETED,
    NODE_DATA_CHANGED,
    NODE_CHILDREN_CHANGED,
    DISCONNECTED,
    SYNC_CONNECTED,
    EXPIRED,
    CLOSED
  }

  /** One event for one session; {@code path} is null and {@code zxid} 0 for a link state. */
  public record Event(long session, EventType type, String path, long zxid) {
    @Override
    public String toString() {
      return type + (path == null ? "" : " " + path) + " to 0x" + Long.toHexString(session);
    }
  }

  /** A znode's metadata, as ZooKeeper's {@code Stat}. */
  public record Stat(
      long czxid,
      long mzxid,
      long pzxid,
      long ctime,
      long mtime,
      int version,
      int cversion,
      long ephemeralOwner,
      int numChildren,
      int dataLength) {}

  /** A request's code and, on success, its value. */
  public record Result<T>(Code code, T value) {
    public boolean ok() {
      return code == Code.OK;
    }

    /** The value; throws if the request failed. */
    public T get() {
      if (code != Code.OK) {
        throw new IllegalStateException("request failed: " + code);
      }
      return value;
    }

    static <T> Result<T> of(T value) {
      return new Result<>(Code.OK, value);
    }

    static <T> Result<T> fail(Code code) {
      return new Result<>(code, null);
    }
  }

  /** The answer to a create: the actual path (with the sequence) and the new node's stat. */
  public record Created(String path, Stat stat) {}

  /** The answer to a getData. */
  public record Data(byte[] data, Stat stat) {}

  private static final long FIRST_SESSION = 0x1000000000L;

  private final SimClock clock;
  private final HashMap<String, Node> tree = new HashMap<>();

  /** Sessions in creation order: ids are consecutive, so the id gives the index. */
  private final List<Session> sessionOrder = new ArrayList<>();

  private long zxid;
  private long nextSession = FIRST_SESSION;

  public SimZooKeeper() {
    this(new SimClock());
  }

  /** A server whose znodes' times come from {@code clock}. */
  public SimZooKeeper(SimClock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    tree.put("/", new Node(0, 0, 0));
  }

  // ---------------------------------------------------------------- sessions

  /** Opens a new session, connected; its client first hears {@code SYNC_CONNECTED}. */
  public long createSession() {
    long id = nextSession++;
    zxid++;
    Session s = new Session(id);
    sessionOrder.add(s);
    s.inbox.add(new Event(id, EventType.SYNC_CONNECTED, null, 0));
    return id;
  }

  /**
   * The server expires the session: ephemerals deleted and their watches fired, its watches and
   * held events dropped; a connected client hears {@code DISCONNECTED}, {@code EXPIRED} on
   * reconnect.
   *
   * @return false if the session had already ended
   */
  public boolean expire(long session) {
    Session s = session(session);
    if (!s.alive) {
      return false;
    }
    if (s.linkUp) {
      s.linkUp = false;
      s.inbox.add(new Event(session, EventType.DISCONNECTED, null, 0));
    }
    end(s);
    return true;
  }

  /**
   * The client closes its session: with the link up the server ends it (client hears {@code
   * CLOSED}); with it down the server keeps it until expired. No further event reaches the client.
   *
   * @return true if the server ended the session now
   */
  public boolean close(long session) {
    Session s = session(session);
    if (s.clientClosed) {
      return false;
    }
    s.clientClosed = true;
    s.inbox.clear();
    s.held.clear();
    if (!s.linkUp || !s.alive) {
      return false;
    }
    s.linkUp = false;
    end(s);
    return true;
  }

  /**
   * The link breaks: the client hears {@code DISCONNECTED}; the session lives on.
   *
   * @return false if the link was already down
   */
  public boolean disconnect(long session) {
    Session s = session(session);
    if (!s.linkUp) {
      return false;
    }
    s.linkUp = false;
    s.inbox.add(new Event(session, EventType.DISCONNECTED, null, 0));
    return true;
  }

  /**
   * The client connects again: {@code SYNC_CONNECTED} and the held events, or {@code EXPIRED}.
   *
   * @return true if the session lives and is connected again
   */
  public boolean reconnect(long session) {
    Session s = session(session);
    if (s.clientClosed) {
      throw new IllegalStateException("session 0x" + Long.toHexString(session) + " is closed");
    }
    if (s.linkUp) {
      return true;
    }
    if (!s.alive) {
      s.clientClosed = true;
      s.inbox.add(new Event(session, EventType.EXPIRED, null, 0));
      return false;
    }
    s.linkUp = true;
    s.inbox.add(new Event(session, EventType.SYNC_CONNECTED, null, 0));
    s.inbox.addAll(s.held);
    s.held.clear();
    return true;
  }

  /** True while the server holds the session. */
  public boolean isAlive(long session) {
    return session(session).alive;
  }

  /** True while the session's link is up (the server can answer it). */
  public boolean isLinkUp(long session) {
    return session(session).linkUp;
  }

  /** True once the client is done with the session (closed, or told it expired). */
  public boolean isClientClosed(long session) {
    return session(session).clientClosed;
  }

  /** The session's ephemeral znodes, sorted. */
  public List<String> ephemeralsOf(long session) {
    return List.copyOf(session(session).ephemerals);
  }

  // ---------------------------------------------------------------- notifications

  /** True if the session's client has an event waiting. */
  public boolean hasEvent(long session) {
    Session s = lookup(session);
    return s != null && !s.inbox.isEmpty();
  }

  /** The sessions whose clients have events waiting, in id order. */
  public List<Long> sessionsWithEvents() {
    return sessionOrder.stream().filter(s -> !s.inbox.isEmpty()).map(s -> s.id).toList();
  }

  /** The next event of the session, without taking it; null if none. */
  public Event peek(long session) {
    Session s = lookup(session);
    return s == null ? null : s.inbox.peek();
  }

  /** Takes the session's next event (FIFO); null if none. */
  public Event poll(long session) {
    Session s = lookup(session);
    return s == null ? null : s.inbox.poll();
  }

  /** How many events wait for the session's client. */
  public int pending(long session) {
    Session s = lookup(session);
    return s == null ? 0 : s.inbox.size();
  }

  // ---------------------------------------------------------------- requests

  /** Creates a znode; for a sequential mode the answer's path carries the sequence. */
  public Result<Created> create(long session, String path, byte[] data, Mode mode) {
    return create(session, path, data, mode, Fault.NONE);
  }

  /** Creates a znode, with an injected {@code fault}. */
  public Result<Created> create(long session, String path, byte[] data, Mode mode, Fault fault) {
    byte[] copy = data == null ? new byte[0] : data.clone();
    return request(session, fault, () -> applyCreate(session, path, copy, mode));
  }

  /** Deletes a znode if its version matches ({@code -1}: any version). */
  public Result<Void> delete(long session, String path, int version) {
    return delete(session, path, version, Fault.NONE);
  }

  /** Deletes a znode, with an injected {@code fault}. */
  public Result<Void> delete(long session, String path, int version, Fault fault) {
    return request(session, fault, () -> applyDelete(path, version));
  }

  /** Sets a znode's data if its version matches ({@code -1}: any version). */
  public Result<Stat> setData(long session, String path, byte[] data, int version, Fault fault) {
    return request(session, fault, () -> applySetData(path, data, version));
  }

  /** The znode's stat (an OK null if missing); {@code watch} sets a data watch either way. */
  public Result<Stat> exists(long session, String path, boolean watch) {
    return exists(session, path, watch, Fault.NONE);
  }

  /** As {@link #exists(long, String, boolean)}, with an injected {@code fault}. */
  public Result<Stat> exists(long session, String path, boolean watch, Fault fault) {
    return request(
        session,
        fault,
        () -> {
          Node n = tree.get(checkPath(path));
          if (watch && fault != Fault.LOSS_AFTER) {
            lookup(session).dataWatches.add(path);
          }
          return Result.of(n == null ? null : stat(n));
        });
  }

  /** The znode's data and stat; with {@code watch} a data watch is set if it exists. */
  public Result<Data> getData(long session, String path, boolean watch, Fault fault) {
    return read(session, path, watch, fault, false, n -> new Data(n.data.clone(), stat(n)));
  }

  /** The names of the znode's children (sorted); {@code watch} sets a child watch if it exists. */
  public Result<List<String>> getChildren(long session, String path, boolean watch) {
    return getChildren(session, path, watch, Fault.NONE);
  }

  /** As {@link #getChildren(long, String, boolean)}, with an injected {@code fault}. */
  public Result<List<String>> getChildren(long session, String path, boolean watch, Fault fault) {
    return read(session, path, watch, fault, true, n -> List.copyOf(n.children));
  }

  // ---------------------------------------------------------------- the server's view, for checks

  /** The last zxid given out. */
  public long zxid() {
    return zxid;
  }

  /** The znode's stat as the server holds it now, for invariant checks (no session, no watch). */
  public Optional<Stat> stat(String path) {
    Node n = tree.get(checkPath(path));
    return n == null ? Optional.empty() : Optional.of(stat(n));
  }

  /** The znode's children as the server holds them now (sorted); empty if it does not exist. */
  public List<String> children(String path) {
    Node n = tree.get(checkPath(path));
    return n == null ? List.of() : List.copyOf(n.children);
  }

  /** Sets the znode's child version counter, which names its next sequential child. */
  public void setCversion(String path, int cversion) {
    Node n = tree.get(checkPath(path));
    if (n == null) {
      throw new IllegalArgumentException("no znode " + path);
    }
    n.cversion = cversion;
  }

  /** ZooKeeper's sequence suffix, {@code %010d} of the signed counter, written out for speed. */
  public static String sequenceSuffix(int cversion) {
    String digits = Long.toString(Math.abs((long) cversion));
    StringBuilder b = new StringBuilder(11);
    if (cversion < 0) {
      b.append('-');
    }
    for (int pad = 10 - b.length() - digits.length(); pad > 0; pad--) {
      b.append('0');
    }
    return b.append(digits).toString();
  }

  /** How many children the znode has (0 if it does not exist). */
  public int childCount(String path) {
    Node n = tree.get(checkPath(path));
    return n == null ? 0 : n.children.size();
  }

  /** The parent path of {@code path} ({@code /} for a top-level znode). */
  public static String parentOf(String path) {
    int slash = path.lastIndexOf('/');
    return slash == 0 ? "/" : path.substring(0, slash);
  }

  /** {@code parent + "/" + child}, without a double slash under the root. */
  public static String join(String parent, String child) {
    return parent.equals("/") ? "/" + child : parent + "/" + child;
  }

  // ---------------------------------------------------------------- internals

  /** Admits the request (or fails it), applies it, and answers (or loses the answer). */
  private <T> Result<T> request(long session, Fault fault, Supplier<Result<T>> apply) {
    Code refused = admit(session, fault);
    return refused != null ? Result.fail(refused) : answer(session, fault, apply.get());
  }

  /** A read of an existing znode that may set a data or child watch. */
  private <T> Result<T> read(
      long session,
      String path,
      boolean watch,
      Fault fault,
      boolean child,
      Function<Node, T> value) {
    return request(
        session,
        fault,
        () -> {
          Node n = tree.get(checkPath(path));
          if (n == null) {
            return Result.fail(Code.NONODE);
          }
          if (watch && fault != Fault.LOSS_AFTER) {
            Session s = lookup(session);
            (child ? s.childWatches : s.dataWatches).add(path);
          }
          return Result.of(value.apply(n));
        });
  }

  private Result<Stat> applySetData(String path, byte[] data, int version) {
    Node n = tree.get(checkPath(path));
    if (n == null) {
      return Result.fail(Code.NONODE);
    }
    if (version != -1 && version != n.version) {
      return Result.fail(Code.BADVERSION);
    }
    zxid++;
    n.data = data == null ? new byte[0] : data.clone();
    n.version++;
    n.mzxid = zxid;
    n.mtime = clock.millis();
    fire(path, EventType.NODE_DATA_CHANGED, true, false);
    return Result.of(stat(n));
  }

  /** Checks the session and the link, and injects a loss before the request; null to go on. */
  private Code admit(long session, Fault fault) {
    Session s = session(session);
    if (s.clientClosed) {
      return Code.SESSIONEXPIRED;
    }
    if (!s.linkUp) {
      return Code.CONNECTIONLOSS;
    }
    if (fault == Fault.LOSS_BEFORE) {
      disconnect(session);
      return Code.CONNECTIONLOSS;
    }
    return null;
  }

  /** Answers, or loses the answer after the request took effect. */
  private <T> Result<T> answer(long session, Fault fault, Result<T> r) {
    if (fault == Fault.LOSS_AFTER) {
      disconnect(session);
      return Result.fail(Code.CONNECTIONLOSS);
    }
    return r;
  }

  private Result<Created> applyCreate(long session, String path, byte[] data, Mode mode) {
    checkPath(path);
    if (path.equals("/")) {
      return Result.fail(Code.NODEEXISTS);
    }
    String parentPath = parentOf(path);
    Node parent = tree.get(parentPath);
    if (parent == null) {
      return Result.fail(Code.NONODE);
    }
    if (parent.ephemeralOwner != 0) {
      return Result.fail(Code.NOCHILDRENFOREPHEMERALS);
    }
    String actual = mode.isSequential() ? path + sequenceSuffix(parent.cversion) : path;
    if (tree.containsKey(actual)) {
      return Result.fail(Code.NODEEXISTS);
    }
    zxid++;
    Node n = new Node(zxid, clock.millis(), mode.isEphemeral() ? session : 0);
    n.data = data;
    tree.put(actual, n);
    parent.children.add(actual.substring(actual.lastIndexOf('/') + 1));
    parent.cversion++;
    parent.pzxid = zxid;
    if (mode.isEphemeral()) {
      lookup(session).ephemerals.add(actual);
    }
    fire(actual, EventType.NODE_CREATED, true, false);
    fire(parentPath, EventType.NODE_CHILDREN_CHANGED, false, true);
    return Result.of(new Created(actual, stat(n)));
  }

  private Result<Void> applyDelete(String path, int version) {
    Node n = tree.get(checkPath(path));
    if (n == null) {
      return Result.fail(Code.NONODE);
    }
    if (path.equals("/")) {
      return Result.fail(Code.BADARGUMENTS);
    }
    if (version != -1 && version != n.version) {
      return Result.fail(Code.BADVERSION);
    }
    if (!n.children.isEmpty()) {
      return Result.fail(Code.NOTEMPTY);
    }
    zxid++;
    remove(path, n);
    return Result.of(null);
  }

  /** Removes a childless znode at the current zxid and fires its watches. */
  private void remove(String path, Node n) {
    tree.remove(path);
    String parentPath = parentOf(path);
    Node parent = tree.get(parentPath);
    parent.children.remove(path.substring(path.lastIndexOf('/') + 1));
    parent.cversion++;
    parent.pzxid = zxid;
    if (n.ephemeralOwner != 0) {
      Session owner = lookup(n.ephemeralOwner);
      if (owner != null) {
        owner.ephemerals.remove(path);
      }
    }
    fire(path, EventType.NODE_DELETED, true, true);
    fire(parentPath, EventType.NODE_CHILDREN_CHANGED, false, true);
  }

  /** Ends a session on the server: one zxid, its ephemerals deleted, watches and events gone. */
  private void end(Session s) {
    s.alive = false;
    s.dataWatches.clear();
    s.childWatches.clear();
    s.held.clear();
    zxid++;
    for (String path : new ArrayList<>(s.ephemerals)) {
      Node n = tree.get(path);
      if (n != null) {
        remove(path, n);
      }
    }
    s.ephemerals.clear();
  }

  /** One event (one for both kinds) to each session with a data or child watch on {@code path}. */
  private void fire(String path, EventType type, boolean data, boolean child) {
    for (Session s : sessionOrder) {
      boolean hadData = data && s.dataWatches.remove(path);
      boolean hadChild = child && s.childWatches.remove(path);
      if (hadData || hadChild) {
        notify(s, type, path);
      }
    }
  }

  private void notify(Session s, EventType type, String path) {
    if (!s.alive || s.clientClosed) {
      return;
    }
    Event e = new Event(s.id, type, path, zxid);
    if (s.linkUp) {
      s.inbox.add(e);
    } else {
      s.held.add(e);
    }
  }

  private Session lookup(long id) {
    long index = id - FIRST_SESSION;
    return index >= 0 && index < sessionOrder.size() ? sessionOrder.get((int) index) : null;
  }

  private Session session(long id) {
    Session s = lookup(id);
    if (s == null) {
      throw new IllegalArgumentException("no session 0x" + Long.toHexString(id));
    }
    return s;
  }

  private static String checkPath(String path) {
    if (path == null
        || path.isEmpty()
        || path.charAt(0) != '/'
        || (path.length() > 1 && path.endsWith("/"))
        || path.contains("//")) {
      throw new IllegalArgumentException("invalid path " + path);
    }
    return path;
  }

  private static Stat stat(Node n) {
    return new Stat(
        n.czxid,
        n.mzxid,
        n.pzxid,
        n.ctime,
        n.mtime,
        n.version,
        n.cversion,
        n.ephemeralOwner,
        n.children.size(),
        n.data.length);
  }

  private static final class Node {
    final long czxid;
    final long ctime;
    final long ephemeralOwner;
    long mzxid;
    long pzxid;
    long mtime;
    int version;
    int cversion;
    byte[] data = new byte[0];
    final TreeSet<String> children = new TreeSet<>();

    Node(long czxid, long ctime, long ephemeralOwner) {
      this.czxid = czxid;
      this.mzxid = czxid;
      this.pzxid = czxid;
      this.ctime = ctime;
      this.mtime = ctime;
      this.ephemeralOwner = ephemeralOwner;
    }
  }

  private static final class Session {
    final long id;
    boolean alive = true;
    boolean linkUp = true;
    boolean clientClosed;
    final ArrayDeque<Event> inbox = new ArrayDeque<>();
    final List<Event> held = new ArrayList<>();

    /** Paths with a data watch (exists or getData); HashMap-backed, never iterated. */
    final java.util.Set<String> dataWatches = Collections.newSetFromMap(new HashMap<>());

    final java.util.Set<String> childWatches = Collections.newSetFromMap(new HashMap<>());
    final TreeSet<String> ephemerals = new TreeSet<>();

    Session(long id) {
      this.id = id;
    }
  }

  @Override
  public String toString() {
    return "SimZooKeeper{zxid=%d, znodes=%d, sessions=%d}"
        .formatted(zxid, tree.size(), sessionOrder.size());
  }

  /** The znodes as the server holds them, for a failure report. */
  public String dump() {
    StringBuilder b = new StringBuilder();
    new java.util.TreeMap<>(tree)
        .forEach(
            (path, n) -> {
              String owner =
                  n.ephemeralOwner == 0 ? "" : " owner=0x" + Long.toHexString(n.ephemeralOwner);
              String data = n.data.length == 0 ? "" : " data=" + Arrays.toString(n.data);
              b.append(path + " czxid=" + n.czxid + owner + data + "\n");
            });
    return b.toString();
  }
}
