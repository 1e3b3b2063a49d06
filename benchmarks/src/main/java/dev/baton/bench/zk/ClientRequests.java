// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.zk;

import java.lang.reflect.Field;
import org.apache.zookeeper.ClientCnxn;
import org.apache.zookeeper.ZooKeeper;

/**
 * How many requests a ZooKeeper client handle has issued: its xid counter (every request takes one;
 * pings and the handshake do not), read by reflection from {@code ZooKeeper.cnxn} and {@code
 * ClientCnxn.xid}; {@link #available()} is false if that fails.
 */
public final class ClientRequests {
  private static final Field CNXN;
  private static final Field XID;

  static {
    Field cnxn = null;
    Field xid = null;
    try {
      cnxn = ZooKeeper.class.getDeclaredField("cnxn");
      cnxn.setAccessible(true);
      xid = ClientCnxn.class.getDeclaredField("xid");
      xid.setAccessible(true);
    } catch (ReflectiveOperationException | RuntimeException e) {
      cnxn = null;
      xid = null;
    }
    CNXN = cnxn;
    XID = xid;
  }

  private ClientRequests() {}

  /** False if this ZooKeeper version does not have the fields. */
  public static boolean available() {
    return XID != null;
  }

  /** The handle's current xid (the next request takes it); -1 if unavailable. */
  public static long issued(ZooKeeper handle) {
    if (XID == null) {
      return -1;
    }
    try {
      Object cnxn = CNXN.get(handle);
      synchronized (cnxn) { // ClientCnxn.getXid() increments under this monitor
        return XID.getInt(cnxn);
      }
    } catch (IllegalAccessException e) {
      return -1;
    }
  }
}
