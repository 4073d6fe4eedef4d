package dev.vbench.loader;

import dev.vbench.spi.ParamSpec;
import java.lang.reflect.Field;
import java.util.List;

/** One {@code @Param} name of a JMH benchmark: the fields it sets (several states may declare it) and its declared values. */
record JmhParam(String name, List<Field> fields, List<String> values, ParamSpec<Object> spec) {}
