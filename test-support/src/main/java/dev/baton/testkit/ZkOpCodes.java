package dev.baton.testkit;

import org.apache.zookeeper.ZooDefs;

/** ZooKeeper request types, as they appear in a request header, for {@link TcpProxy}. */
public final class ZkOpCodes {
  public static final int CREATE = ZooDefs.OpCode.create;
  public static final int DELETE = ZooDefs.OpCode.delete;
  public static final int EXISTS = ZooDefs.OpCode.exists;
  public static final int GET_DATA = ZooDefs.OpCode.getData;
  public static final int SET_DATA = ZooDefs.OpCode.setData;
  public static final int GET_CHILDREN2 = ZooDefs.OpCode.getChildren2;
  public static final int MULTI = ZooDefs.OpCode.multi;
  public static final int CREATE2 = ZooDefs.OpCode.create2;
  public static final int CREATE_CONTAINER = ZooDefs.OpCode.createContainer;
  public static final int CREATE_TTL = ZooDefs.OpCode.createTTL;

  private ZkOpCodes() {}
}
