package com.example.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Methods of known cost, from a few arithmetic operations to a millisecond's sleep: what JMH and vbench
 * should agree on, and where a harness's own cost per call starts to show.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class Work {

    @Param({"1000000"})
    public int terms;

    private int x;
    private double[] values;

    @Setup
    public void setup() {
        x = 7;
        values = new double[64];
        for (int i = 0; i < values.length; i++) {
            values[i] = i + 1.5;
        }
    }

    /** Four arithmetic operations. */
    @Benchmark
    public int ops4() {
        return ((x * 3) + 1) ^ (x >>> 1);
    }

    /** A 64-step loop. */
    @Benchmark
    public long loop64() {
        long s = x;
        for (int i = 0; i < 64; i++) {
            s = s * 31 + i;
        }
        return s;
    }

    /** One 1 KiB allocation. */
    @Benchmark
    public byte[] alloc1k() {
        return new byte[1024];
    }

    /** 64 × Math.log, each consumed. */
    @Benchmark
    public void log64(Blackhole bh) {
        for (double v : values) {
            bh.consume(Math.log(v));
        }
    }

    /** 32,768 values, each given to the Blackhole: a method that costs mostly what its Blackhole costs (5-8 µs). */
    @Benchmark
    public void consume32k(Blackhole bh) {
        for (int i = 0; i < 32768; i++) {
            bh.consume(i ^ x);
        }
    }

    /** 131,072 values, each given to the Blackhole: as {@link #consume32k}, four times as long (over 10 µs). */
    @Benchmark
    public void consume128k(Blackhole bh) {
        for (int i = 0; i < 131072; i++) {
            bh.consume(i ^ x);
        }
    }

    /** Leibniz's series for π over {@code terms} terms. */
    @Benchmark
    public double leibniz() {
        double sum = 0;
        for (int k = 0; k < terms; k++) {
            sum += (k % 2 == 0 ? 1.0 : -1.0) / (2 * k + 1);
        }
        return 4 * sum;
    }

    /** Thread.sleep(1). */
    @Benchmark
    public void sleep1ms() throws InterruptedException {
        Thread.sleep(1);
    }
}
