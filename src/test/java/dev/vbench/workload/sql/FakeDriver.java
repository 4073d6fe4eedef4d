package dev.vbench.workload.sql;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A driver that no {@code META-INF/services} file on the test class path names, so DriverManager
 * never registers it: it is found only through a class loader's service file, as a driver jar on
 * the user's class path is. It accepts {@code jdbc:vbenchfake:REST} and opens {@code jdbc:h2:REST}.
 */
public final class FakeDriver implements Driver {

    static final String PREFIX = "jdbc:vbenchfake:";

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        return acceptsURL(url) ? new org.h2.Driver().connect("jdbc:h2:" + url.substring(PREFIX.length()), info) : null;
    }

    @Override
    public boolean acceptsURL(String url) {
        return url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 1;
    }

    @Override
    public int getMinorVersion() {
        return 0;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getGlobal();
    }
}
